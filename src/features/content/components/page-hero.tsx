import type { ReactNode } from 'react';

interface PageHeroProps {
  /** The heading's id, which names the section. */
  id: string;
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
}

/** The compact band that opens an information page: a small word above, the title and a lead paragraph. */
export function PageHero({ id, eyebrow, title, lead }: PageHeroProps) {
  return (
    <section className="hero hero--compact" aria-labelledby={id}>
      <div className="hero__inner">
        <p className="hero__eyebrow">{eyebrow}</p>
        <h1 id={id}>{title}</h1>
        <p className="hero__lead">{lead}</p>
      </div>
    </section>
  );
}
