import type { ReactNode } from 'react';

/** One column of a `DataTable`. */
export interface Column<T> {
  /** The header, and each cell's `data-label` (the label a phone shows beside the value). */
  label: string;
  cell: (row: T) => ReactNode;
  /** The first column names the row: a row header, without a `data-label`. */
  rowHeader?: boolean;
  /** The header's and the cells' class (`orders__numeric`). */
  className?: string;
  /** A cell's class when it depends on the row; the header keeps `className`. */
  cellClassName?: (row: T) => string;
}

interface DataTableProps<T> {
  /** Read by screen readers only. */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  className?: string;
  /** While the rows shown are the previous page's, kept on screen as the next one loads. */
  busy?: boolean;
}

/** A column heading, with the class of a column aligned apart (numbers). */
export interface Heading {
  label: string;
  className?: string | undefined;
}

interface TableFrameProps {
  /** Read by screen readers only. */
  caption: string;
  headings: readonly Heading[];
  className?: string;
  busy?: boolean | undefined;
  /** The rows. */
  children: ReactNode;
}

/** A table's caption, column headings and body: what every list's table has, whoever writes its rows. */
export function TableFrame({ caption, headings, className = 'table', busy, children }: TableFrameProps) {
  return (
    <table className={className} aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {headings.map((heading) => (
            <th key={heading.label} scope="col" className={heading.className}>
              {heading.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A table whose cells carry their column's label, so that a phone can show each row as a card. */
export function DataTable<T>({ caption, columns, rows, rowKey, className, busy }: DataTableProps<T>) {
  return (
    <TableFrame caption={caption} headings={columns} className={className} busy={busy}>
      {rows.map((row) => (
        <tr key={rowKey(row)}>
          {columns.map((column) =>
            column.rowHeader ? (
              <th key={column.label} scope="row">
                {column.cell(row)}
              </th>
            ) : (
              <td
                key={column.label}
                data-label={column.label}
                className={column.cellClassName ? column.cellClassName(row) : column.className}
              >
                {column.cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </TableFrame>
  );
}
