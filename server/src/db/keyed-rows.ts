import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema';

/** The tables whose rows keep the Idempotency-Key they were written with (migration 0028, the points ledger). */
type KeyedTable = {
  [T in keyof Database]: 'idempotency_key' extends keyof Database[T] ? T : never;
}[keyof Database];

/** The columns of `T` that can name the user a row belongs to. */
type OwnerColumn<T extends KeyedTable> = {
  [C in keyof Selectable<Database[T]> & string]: Selectable<Database[T]>[C] extends number | null ? C : never;
}[keyof Selectable<Database[T]> & string];

/**
 * The row of `table` this owner already committed with this Idempotency-Key (each such table keeps the key unique per
 * owner); undefined when there is none. What the first answer was built from, for a write that is sent again.
 */
export function findRowByIdempotencyKey<T extends KeyedTable>(
  db: Kysely<Database>,
  table: T,
  owner: { column: OwnerColumn<T>; id: number },
  key: string,
): Promise<Selectable<Database[T]> | undefined> {
  // Kysely cannot resolve the columns of a table that is a type parameter: the query is built on the union of the
  // keyed tables, whose row is narrowed back to `table`'s; the signature holds callers to a real table and column.
  const from: KeyedTable = table;
  return db
    .selectFrom(from)
    .selectAll()
    .where(sql.ref(owner.column), '=', owner.id)
    .where('idempotency_key', '=', key)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}
