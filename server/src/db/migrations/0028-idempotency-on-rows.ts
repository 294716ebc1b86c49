import type { Kysely } from 'kysely';

/**
 * Patients, credentials and templates keep the Idempotency-Key they were written with (issue #21), as prescriptions
 * always did: `idempotent_requests` stores the answer after the write commits, so a process that died between the
 * two left a write done but unanswered, and the claim taken over five minutes later ran it again. With the key on the
 * row, unique per owner, a retry answers that row and a second row cannot be written. Null for rows written without
 * a key (the register's adopted accounts, the seed, clients that send none); PostgreSQL's unique constraints allow
 * any number of nulls.
 */
const TABLES = [
  { table: 'patients', owner: 'created_by' },
  { table: 'credentials', owner: 'user_id' },
  { table: 'prescription_templates', owner: 'author_id' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, owner } of TABLES) {
    await db.schema.alterTable(table).addColumn('idempotency_key', 'text').addColumn('request_hash', 'text').execute();
    await db.schema
      .alterTable(table)
      .addUniqueConstraint(`${table}_idempotency_unique`, [owner, 'idempotency_key'])
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of [...TABLES].reverse()) {
    await db.schema.alterTable(table).dropConstraint(`${table}_idempotency_unique`).execute();
    await db.schema.alterTable(table).dropColumn('request_hash').dropColumn('idempotency_key').execute();
  }
}
