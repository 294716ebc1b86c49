import { sql, type Kysely } from 'kysely';
import { addIndex, notNull, notNullNow, refersTo, tableWithId, weakRef } from './helpers';

// Data rights (issue #15): versioned consent texts, the consent records, account deletions. Plain SQL types only, so
// the same migration runs on PGlite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Each text the store ever showed, per country and purpose; a changed text is a new version, the old one is kept
  // because the records must prove what exactly was accepted.
  await tableWithId(db, 'consent_texts')
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('version', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addUniqueConstraint('consent_texts_version_unique', ['country_id', 'purpose', 'version'])
    .execute();

  // Append-only: a grant or a revocation, by the user or by a professional attesting for a patient of the register.
  // No foreign key to users on purpose: the records of a deleted account are kept (they prove the consent existed),
  // tied to the anonymised row.
  await tableWithId(db, 'consents')
    .addColumn('user_id', 'integer')
    .addColumn('patient_id', 'integer', weakRef('patients.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('purpose', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('text_id', 'integer', refersTo('consent_texts.id'))
    .addColumn('recorded_by', 'integer')
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addCheckConstraint('consents_subject', sql`user_id is not null or patient_id is not null`)
    .execute();
  await addIndex(db, 'consents_user_idx', 'consents', ['user_id', 'purpose', 'id']);
  await addIndex(db, 'consents_patient_idx', 'consents', ['patient_id']);

  await db.schema.alterTable('users').addColumn('deleted_at', 'timestamptz').execute();
  // What the professional sees: attested by them, confirmed by the patient at registration, or revoked.
  await db.schema
    .alterTable('patients')
    .addColumn('consent_status', 'text', (col) => col.notNull().defaultTo('attested'))
    .execute();
  // Patients who already registered confirmed their data by registering under the terms of the time.
  await sql`update patients set consent_status = 'confirmed' where user_id is not null`.execute(db);

  await tableWithId(db, 'account_deletions')
    .addColumn('user_id', 'integer', refersTo('users.id'))
    .addColumn('role', 'text', notNull)
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('kept_orders', 'integer', notNull)
    .addColumn('kept_prescriptions', 'integer', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.alterTable('patients').dropColumn('consent_status').execute();
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('consent_texts').execute();
}
