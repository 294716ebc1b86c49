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

/** A table whose cells carry their column's label, so that a phone can show each row as a card. */
export function DataTable<T>({ caption, columns, rows, rowKey, className = 'table', busy }: DataTableProps<T>) {
  return (
    <table className={className} aria-busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
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
      </tbody>
    </table>
  );
}
