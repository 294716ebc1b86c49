import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface EmptyStateProps {
  /** What there is none of, and what to do about it. */
  children: ReactNode;
  /** A link onwards ('Ir a la tienda'), under the message. */
  action?: { to: string; label: ReactNode; primary?: boolean };
}

/** An empty list's message, with the way onwards when there is one. */
export function EmptyState({ children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <p>{children}</p>
      {action && (
        <Link to={action.to} className={action.primary ? 'button button--primary' : 'button button--secondary'}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
