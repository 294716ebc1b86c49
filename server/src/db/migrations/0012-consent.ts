import { sql, type Kysely } from 'kysely';

// Data rights (issue #15): versioned consent texts, the consent records, account deletions. Plain SQL types only, so
// the same migration runs on PGlite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each text the store ever showed, per country and purpose; a changed text is a new version, the old one is kept
  // because the records must prove what exactly was accepted.
  await db.schema
    .createTable('consent_texts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('consent_texts_version_unique', ['country_id', 'purpose', 'version'])
    .execute();

  // Append-only: a grant or a revocation, by the user or by a professional attesting for a patient of the register.
  // No foreign key to users on purpose: the records of a deleted account are kept (they prove the consent existed),
  // tied to the anonymised row.
  await db.schema
    .createTable('consents')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('patient_id', 'integer', (col) => col.references('patients.id').onDelete('set null'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('text_id', 'integer', (col) => col.notNull().references('consent_texts.id'))
    .addColumn('recorded_by', 'integer')
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('consents_subject', sql`user_id is not null or patient_id is not null`)
    .execute();
  await db.schema.createIndex('consents_user_idx').on('consents').columns(['user_id', 'purpose', 'id']).execute();
  await db.schema.createIndex('consents_patient_idx').on('consents').column('patient_id').execute();

  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  // What the professional sees: attested by them, confirmed by the patient at registration, or revoked.
  await db.schema
    .alterTable('patients')
    .addColumn('consent_status', 'text', (col) => col.notNull().defaultTo('attested'))
    .execute();
  // Patients who already registered confirmed their data by registering under the terms of the time.
  await sql`update patients set consent_status = 'confirmed' where user_id is not null`.execute(db);

  await db.schema
    .createTable('account_deletions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('kept_orders', 'integer', (col) => col.notNull())
    .addColumn('kept_prescriptions', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('patients').dropColumn('consent_status').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('consent_texts').execute();
}
