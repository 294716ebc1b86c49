import { sql, type Kysely } from 'kysely';

const positive = (column: string) => sql`${sql.ref(column)} > 0`;

// Professional tools: the patient register shared by the professionals linked to each patient, prescriptions and
// recommendations with their tools (a snapshot of the product as prescribed plus its indications), reusable
// templates, the read side of the document library and the public medical attention requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person: e-mail and document identify a patient across professionals. `user_id` is the patient's
  // account once it exists (the invitation was accepted, or the account came first).
  await db.schema
    .createTable('patients')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('invitation_id', 'integer', (col) => col.references('invitations.id').onDelete('set null'))
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'date')
    .addColumn('gender', 'text')
    // Trimmed and in lower case, like users.email.
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('document_type_id', 'integer')
    // Without spaces, dots or dashes, in upper case, like users.document_number.
    .addColumn('document_number', 'text')
    .addColumn('country_code', 'text')
    .addColumn('phone_number', 'text')
    // Lower-case, accent-free name and e-mail: the search ignores case and accents on both databases.
    .addColumn('search_text', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('patients_email_unique').on('patients').column('email').unique().execute();
  await db.schema
    .createIndex('patients_document_unique')
    .on('patients')
    .column('document_number')
    .unique()
    .where(sql.ref('document_number'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('patients_user_unique')
    .on('patients')
    .column('user_id')
    .unique()
    .where(sql.ref('user_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('patients_invitation_idx').on('patients').column('invitation_id').execute();

  // Which professionals may see a patient (and all of the patient's strategies).
  await db.schema
    .createTable('patient_links')
    .addColumn('professional_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('patient_id', 'integer', (col) => col.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('patient_links_pk', ['professional_id', 'patient_id'])
    .execute();
  await db.schema.createIndex('patient_links_patient_idx').on('patient_links').column('patient_id').execute();

  await db.schema
    .createTable('prescription_templates')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('prescription', 'recommendation')`))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    // The tools as the prescription request states them (product ids and indications): resolved against the
    // catalogue each time the template is opened, so a template never offers yesterday's product data.
    .addColumn('tools', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('prescription_templates_author_idx')
    .on('prescription_templates')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('prescriptions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('prescription', 'recommendation')`))
    .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('patient_id', 'integer', (col) => col.notNull().references('patients.id'))
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('template_id', 'integer', (col) => col.references('prescription_templates.id').onDelete('set null'))
    // The end of the longest tool duration: `finished` is computed from it.
    .addColumn('ends_at', 'timestamptz', (col) => col.notNull())
    .addColumn('cancelled_at', 'timestamptz')
    // The client's Idempotency-Key and a digest of the request: a replay finds the first prescription.
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('prescriptions_idempotency_unique', ['author_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('prescriptions_patient_idx')
    .on('prescriptions')
    .columns(['patient_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('prescriptions_author_idx')
    .on('prescriptions')
    .columns(['author_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('prescription_tools')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('prescription_id', 'integer', (col) => col.notNull().references('prescriptions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id'))
    // The product as it was prescribed: the record must not change when the catalogue does.
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('capsule_info', 'text')
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('presentation', 'text', (col) => col.notNull())
    // [{ id, quantity }] of the time-of-day options.
    .addColumn('moments', 'jsonb', (col) => col.notNull())
    .addColumn('duration_unit', 'text', (col) => col.notNull().check(sql`duration_unit in ('days', 'weeks', 'months')`))
    .addColumn('duration_quantity', 'integer', (col) => col.notNull().check(positive('duration_quantity')))
    .addColumn('indications', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('daily_capsules', 'float8', (col) => col.notNull().check(positive('daily_capsules')))
    .addColumn('units', 'integer', (col) => col.notNull().check(positive('units')))
    .addUniqueConstraint('prescription_tools_position_unique', ['prescription_id', 'position'])
    .execute();

  // Library documents are small (a few hundred KB at most): kept in the database, served to professionals only.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('template', 'patient-support')`))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('documents_kind_idx').on('documents').columns(['kind', 'id']).execute();

  await db.schema
    .createTable('medical_requests')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('names', 'text', (col) => col.notNull())
    .addColumn('last_names', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('country_id', 'integer', (col) => col.notNull().references('countries.id'))
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addColumn('mobile_number', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('medical_requests_created_idx').on('medical_requests').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'medical_requests',
    'documents',
    'prescription_tools',
    'prescriptions',
    'prescription_templates',
    'patient_links',
    'patients',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
