import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TableFrame, type Heading } from '../../../components/ui/data-table';

/** A column heading: its label, or its label and the class of a column aligned apart (numbers). */
type Column = string | Heading;

interface DataTableProps {
  /** Names the table for screen readers; sighted admins have the page's heading. */
  caption: string;
  /** `false` leaves a column out (one that only some rows' kind has). */
  columns: readonly (Column | false)[];
  wrapClassName?: string;
  /** The rows. */
  children: ReactNode;
}

/** An admin list as a table that scrolls sideways on its own when it is wider than the screen. */
export function DataTable({ caption, columns, wrapClassName = 'table-wrap', children }: DataTableProps) {
  const headings = columns
    .filter((column) => column !== false)
    .map((column) => (typeof column === 'string' ? { label: column } : column));
  return (
    <div className={wrapClassName}>
      <TableFrame caption={caption} headings={headings}>
        {children}
      </TableFrame>
    </div>
  );
}

/** The last cell of a row: its buttons side by side. */
export function RowActions({ className = 'form-actions', children }: { className?: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <td data-label={t`Acciones`}>
      <div className={className}>{children}</div>
    </td>
  );
}

interface RowButtonProps {
  /** What the row is, for the button's accessible name. */
  name: string;
  disabled?: boolean;
  onClick: () => void;
}

/** Opens the row's record in its editor. */
export function EditRowButton({ name, disabled, onClick }: RowButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-label={t`Editar ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      <Trans>Editar</Trans>
    </button>
  );
}

/** Switches the row's record on or off (what the store offers), saying which in its name. */
export function ActivationRowButton({ name, active, disabled, onClick }: RowButtonProps & { active: boolean }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="button button--ghost"
      aria-label={active ? t`Desactivar ${name}` : t`Activar ${name}`}
      disabled={disabled}
      onClick={onClick}
    >
      {active ? <Trans>Desactivar</Trans> : <Trans>Activar</Trans>}
    </button>
  );
}
