import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthNoticeProps {
  titleId: string;
  title: ReactNode;
  /** What happened, in a paragraph or two. */
  children: ReactNode;
  /** Where the person goes next. */
  action: { to: string; label: ReactNode };
}

/** The account-access pages' answer card: a sent link, a changed password, a link that does not work. */
export function AuthNotice({ titleId, title, children, action }: AuthNoticeProps) {
  return (
    <section className="page auth-page" aria-labelledby={titleId}>
      <div className="auth-card">
        <h1 id={titleId}>{title}</h1>
        {children}
        <Link to={action.to} className="button button--primary">
          {action.label}
        </Link>
      </div>
    </section>
  );
}
