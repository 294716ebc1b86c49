import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Pieces the migrations share (issue #20). They are frozen with the migrations that call them: a database migrated
 * before must match a fresh one, so never change what an existing helper emits; write a new helper instead.
 */

/** `create table <table> ("id" serial primary key, …`: the caller adds the other columns and executes it. */
export function tableWithId(db: Kysely<unknown>, table: string) {
  return db.schema.createTable(table).addColumn('id', 'serial', (col) => col.primaryKey());
}

/** `not null default now()`: when a row was written or last changed. */
export const notNullNow = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(sql`now()`);

/** `not null`. */
export const notNull = (col: ColumnDefinitionBuilder) => col.notNull();

/** `not null references <target>`: a required link; its target may not be deleted while a row refers to it. */
export const refersTo = (target: string) => (col: ColumnDefinitionBuilder) => col.notNull().references(target);

/** `not null references <target> on delete cascade`: a row that goes with the one it belongs to. */
export const ownedBy = (target: string) => (col: ColumnDefinitionBuilder) =>
  col.notNull().references(target).onDelete('cascade');

/** `references <target> on delete set null`: a weak link, which a deletion of its target clears. */
export const weakRef = (target: string) => (col: ColumnDefinitionBuilder) =>
  col.references(target).onDelete('set null');

/** `create index <name> on <table> (<columns>)`. */
export async function addIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]) {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/**
 * `create unique index <name> on <table> (<columns>) where <whereNotNull> is not null`: unique among the rows that
 * have a value (a null is no one's duplicate).
 */
export async function addUnique(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
  whereNotNull: string,
) {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns(columns)
    .unique()
    .where(sql.ref(whereNotNull), 'is not', null)
    .execute();
}

/**
 * `not null default 0 check (<column> >= 0)`: a count or balance that starts at nothing. The check is the column's
 * name as written, not a quoted reference, as the migrations first wrote it.
 */
export const zeroOrMore = (column: string) => (col: ColumnDefinitionBuilder) =>
  col
    .notNull()
    .defaultTo(0)
    .check(sql.raw(`${column} >= 0`));

/** `not null default '<initial>' check (<column> in ('<value>', …))`: a state among a fixed few, with the first one. */
export const oneOf = (column: string, initial: string, values: readonly string[]) => (col: ColumnDefinitionBuilder) =>
  col
    .notNull()
    .defaultTo(initial)
    .check(sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`));

/**
 * `create table <table> (<from> integer not null references … on delete cascade, <to> …, <at> timestamptz not null
 * default now(), constraint <table>_pk primary key (<from>, <to>))`: a link between two rows, at most once, which
 * goes with either of them.
 */
export async function addLink(
  db: Kysely<unknown>,
  table: string,
  from: [column: string, target: string],
  to: [column: string, target: string],
  at: string,
) {
  await db.schema
    .createTable(table)
    .addColumn(from[0], 'integer', ownedBy(from[1]))
    .addColumn(to[0], 'integer', ownedBy(to[1]))
    .addColumn(at, 'timestamptz', notNullNow)
    .addPrimaryKeyConstraint(`${table}_pk`, [from[0], to[0]])
    .execute();
}
