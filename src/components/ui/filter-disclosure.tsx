import { select } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { countForm } from '../../lib/i18n';

interface FilterDisclosureProps {
  /** Filters set to something else than 'all': the folded button says how many, so a narrowed list is no surprise. */
  activeCount: number;
  children: ReactNode;
}

/**
 * A list's filters, folded under a 'Filtrar' button on a phone (CSS below 900 px) so the list starts on the first
 * screen; on wider screens the button is hidden and the filters always show.
 */
export function FilterDisclosure({ activeCount, children }: FilterDisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const activeForm = countForm(activeCount);
  return (
    <div className={open ? 'filter-disclosure filter-disclosure--open' : 'filter-disclosure'}>
      <button
        type="button"
        className="filter-disclosure__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Trans>Filtrar</Trans>
        {activeCount > 0 && (
          <>
            <span className="filter-disclosure__count" aria-hidden="true">
              {activeCount}
            </span>
            <span className="visually-hidden">
              {' '}
              {select(activeForm, {
                one: `(${activeCount} filtro activo)`,
                other: `(${activeCount} filtros activos)`,
              })}
            </span>
          </>
        )}
      </button>
      <div id={panelId} className="filter-disclosure__panel">
        {children}
      </div>
    </div>
  );
}
