import { sql, type Kysely } from 'kysely';
import { addIndex, addUnique, notNull, notNullNow, oneOf, ownedBy, refersTo, tableWithId, weakRef } from './helpers';

// Accounts: sessions, invitations, the e-mail outbox, professional credentials and the user fields registration and
// affiliate review need. Kysely<unknown>, like every migration: it must not depend on today's schema types.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('approval_reason', 'text')
    .addColumn('approval_reviewed_at', 'timestamptz')
    .addColumn('heard_from', 'text')
    .addColumn('terms_accepted_at', 'timestamptz')
    // Optional answers of the registration form (years of experience, practice, preferred contact time...).
    .addColumn('registration_details', 'jsonb')
    .execute();
  // Document login and the duplicate check need one account per document; e-mails are stored in lower case.
  await db.schema.dropIndex('users_document_idx').execute();
  await addUnique(db, 'users_document_unique', 'users', ['document_number'], 'document_number');
  await addIndex(db, 'users_doctor_idx', 'users', ['doctor_id']);

  await tableWithId(db, 'sessions')
    // SHA-256 (hex) of the token: a copy of the table does not let anyone log in.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('expires_at', 'timestamptz', notNull)
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await addIndex(db, 'sessions_user_idx', 'sessions', ['user_id', 'country_id']);

  await tableWithId(db, 'invitations')
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('professional_id', 'integer', ownedBy('users.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('email', 'text')
    .addColumn('document_number', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('expires_at', 'timestamptz', notNull)
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'integer', weakRef('users.id'))
    .addCheckConstraint('invitations_target', sql`email is not null or document_number is not null`)
    .execute();
  await addIndex(db, 'invitations_professional_idx', 'invitations', ['professional_id']);

  await tableWithId(db, 'outbox_emails')
    .addColumn('to_address', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();

  await tableWithId(db, 'credentials')
    .addColumn('user_id', 'integer', ownedBy('users.id'))
    .addColumn('document_type', 'text', notNull)
    .addColumn('contact_number', 'text')
    .addColumn('country_code', 'text')
    .addColumn('status', 'text', oneOf('status', 'pending', ['pending', 'approved', 'rejected']))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', weakRef('users.id'))
    .execute();
  await addIndex(db, 'credentials_user_idx', 'credentials', ['user_id', 'created_at']);

  await tableWithId(db, 'credential_files')
    .addColumn('credential_id', 'integer', ownedBy('credentials.id'))
    .addColumn('original_name', 'text', notNull)
    .addColumn('stored_name', 'text', (col) => col.notNull().unique())
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size >= 0`))
    .execute();
  await addIndex(db, 'credential_files_credential_idx', 'credential_files', ['credential_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['credential_files', 'credentials', 'outbox_emails', 'invitations', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('users_doctor_idx').execute();
  await db.schema.dropIndex('users_document_unique').execute();
  await addIndex(db, 'users_document_idx', 'users', ['document_number']);
  await db.schema
    .alterTable('users')
    .dropColumn('approval_reason')
    .dropColumn('approval_reviewed_at')
    .dropColumn('heard_from')
    .dropColumn('terms_accepted_at')
    .dropColumn('registration_details')
    .execute();
}
