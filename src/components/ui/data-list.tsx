import type { ReactNode } from 'react';

/** One fact: its label and its value; an empty value shows as '—'. */
export type DataRow = readonly [label: string, value: ReactNode];

interface DataListProps {
  rows: readonly DataRow[];
  /** The list's look: `data-list` by default. */
  className?: string;
}

/** Label and value pairs in a description list, each pair in its own `div` so a row stays together. */
export function DataList({ rows, className = 'data-list' }: DataListProps) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
