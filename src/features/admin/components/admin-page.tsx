import { useId, type ReactNode } from 'react';

interface AdminPageProps {
  /** The page's one heading, which also names its landmark. */
  title: ReactNode;
  /** What the section is for, under the heading. */
  intro?: ReactNode;
  /** Classes beside `stack`. */
  className?: string;
  children: ReactNode;
}

/** An admin section's page: a landmark named by its heading, an optional explanation, then the content. */
export function AdminPage({ title, intro, className, children }: AdminPageProps) {
  const titleId = useId();
  return (
    <section className={className ? `stack ${className}` : 'stack'} aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}
