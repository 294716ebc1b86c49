import { sql, type Kysely } from 'kysely';

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
  await db.schema
    .createIndex('users_document_unique')
    .on('users')
    .column('document_number')
    .unique()
    .where(sql.ref('document_number'), 'is not', null)
    .execute();
  await db.schema.createIndex('users_doctor_idx').on('users').column('doctor_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // SHA-256 (hex) of the token: a copy of the table does not let anyone log in.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_seen_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'country_id']).execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('professional_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('email', 'text')
    .addColumn('document_number', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addCheckConstraint('invitations_target', sql`email is not null or document_number is not null`)
    .execute();
  await db.schema.createIndex('invitations_professional_idx').on('invitations').column('professional_id').execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('credentials')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (col) => col.notNull())
    .addColumn('contact_number', 'text')
    .addColumn('country_code', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('credentials_user_idx').on('credentials').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('credential_files')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('credential_id', 'integer', (col) => col.notNull().references('credentials.id').onDelete('cascade'))
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('stored_name', 'text', (col) => col.notNull().unique())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size >= 0`))
    .execute();
  await db.schema
    .createIndex('credential_files_credential_idx')
    .on('credential_files')
    .column('credential_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['credential_files', 'credentials', 'outbox_emails', 'invitations', 'sessions']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('users_doctor_idx').execute();
  await db.schema.dropIndex('users_document_unique').execute();
  await db.schema.createIndex('users_document_idx').on('users').column('document_number').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('approval_reason')
    .dropColumn('approval_reviewed_at')
    .dropColumn('heard_from')
    .dropColumn('terms_accepted_at')
    .dropColumn('registration_details')
    .execute();
}
