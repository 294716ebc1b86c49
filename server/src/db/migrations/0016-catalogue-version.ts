import { sql, type Kysely } from 'kysely';

/** Every table the public catalogue answers read (server/src/products/repo.ts). */
export const CATALOGUE_TABLES = [
  'products',
  'product_prices',
  'product_presentations',
  'product_images',
  'categories',
  'pharmaceutical_forms',
  'discount_lists',
  'discount_list_items',
] as const;

// The catalogue's answers are kept in memory (server/src/products/response-cache.ts). Whatever writes one of its
// tables — an admin's edit, a sale's stock, a sweep that gives stock back, another instance of the server — bumps
// this one number in the same transaction, so a cached answer is valid exactly while the number it was made under is
// current. Triggers rather than calls in the code: no writer can forget it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(1))
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);
  await sql`
    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1 where id = 1;
      return null;
    end
    $$`.execute(db);
  for (const table of CATALOGUE_TABLES) {
    await sql`
      create trigger ${sql.raw(`${table}_bumps_catalogue`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_catalogue_version()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CATALOGUE_TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_bumps_catalogue`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function bump_catalogue_version()`.execute(db);
  await db.schema.dropTable('catalogue_version').execute();
}
