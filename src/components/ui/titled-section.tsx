import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  /** The heading's level under the page's outline: `h2` unless told. */
  heading?: 'h1' | 'h2' | 'h3';
  className?: string;
  children: ReactNode;
}

/** A section named by its heading: a page, a card of a page, a part of a card. */
export function TitledSection({ id, title, heading: Heading = 'h2', className, children }: TitledSectionProps) {
  return (
    <section className={className} aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </section>
  );
}
