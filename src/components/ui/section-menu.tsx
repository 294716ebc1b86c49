import { Trans } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface SectionMenuProps {
  /** Accessible name of the whole menu ('Menú de mi cuenta', 'Menú de administración'). */
  label: string;
  /** The section on screen, shown on the phone's folded menu. */
  current: string | undefined;
  children: ReactNode;
}

/**
 * The section menu of the account and admin areas. On a wide screen it is a column beside the content; on a phone it
 * folds into one line naming the current section (CSS below 900 px), so the section's content starts on the first
 * screen. It folds again on every navigation: the open state belongs to the address it was opened at.
 */
export function SectionMenu({ label, current, children }: SectionMenuProps) {
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const bodyId = useId();
  return (
    <aside className={open ? 'account__menu account__menu--open' : 'account__menu'} aria-label={label}>
      <button
        type="button"
        className="account__menu-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpenAt(open ? null : pathname)}
      >
        <span className="account__menu-kicker">
          <Trans>Sección</Trans>
        </span>
        <span className="account__menu-current">{current ?? label}</span>
        <svg className="account__menu-chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={bodyId} className="account__menu-body">
        {children}
      </div>
    </aside>
  );
}
