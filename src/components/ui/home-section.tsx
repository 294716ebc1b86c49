import type { ReactNode } from 'react';

/** A section of the home page: its titled header, with a link to see more when there is one, then its content. */
export function HomeSection({
  id,
  title,
  link,
  tour,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  link?: ReactNode;
  /** Where the guided tour stops (`data-tour`). */
  tour?: string;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id} data-tour={tour}>
      <div className="section__header">
        <h2 id={id}>{title}</h2>
        {link}
      </div>
      {children}
    </section>
  );
}
