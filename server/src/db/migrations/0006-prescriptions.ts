import { sql, type Kysely } from 'kysely';
import { addIndex, addLink, addUnique, notNull, notNullNow, ownedBy, refersTo, tableWithId, weakRef } from './helpers';

const positive = (column: string) => sql`${sql.ref(column)} > 0`;

// Professional tools: the patient register shared by the professionals linked to each patient, prescriptions and
// recommendations with their tools (a snapshot of the product as prescribed plus its indications), reusable
// templates, the read side of the document library and the public medical attention requests.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person: e-mail and document identify a patient across professionals. `user_id` is the patient's
  // account once it exists (the invitation was accepted, or the account came first).
  await tableWithId(db, 'patients')
    .addColumn('user_id', 'integer', weakRef('users.id'))
    .addColumn('invitation_id', 'integer', weakRef('invitations.id'))
    .addColumn('first_name', 'text', notNull)
    .addColumn('last_name', 'text', notNull)
    .addColumn('birth_date', 'date')
    .addColumn('gender', 'text')
    // Trimmed and in lower case, like users.email.
    .addColumn('email', 'text', notNull)
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('document_type_id', 'integer')
    // Without spaces, dots or dashes, in upper case, like users.document_number.
    .addColumn('document_number', 'text')
    .addColumn('country_code', 'text')
    .addColumn('phone_number', 'text')
    // Lower-case, accent-free name and e-mail: the search ignores case and accents on both databases.
    .addColumn('search_text', 'text', notNull)
    .addColumn('created_by', 'integer', weakRef('users.id'))
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addColumn('updated_at', 'timestamptz', notNullNow)
    .execute();
  await db.schema.createIndex('patients_email_unique').on('patients').column('email').unique().execute();
  await addUnique(db, 'patients_document_unique', 'patients', ['document_number'], 'document_number');
  await addUnique(db, 'patients_user_unique', 'patients', ['user_id'], 'user_id');
  await addIndex(db, 'patients_invitation_idx', 'patients', ['invitation_id']);

  // Which professionals may see a patient (and all of the patient's strategies).
  await addLink(db, 'patient_links', ['professional_id', 'users.id'], ['patient_id', 'patients.id'], 'created_at');
  await addIndex(db, 'patient_links_patient_idx', 'patient_links', ['patient_id']);

  await tableWithId(db, 'prescription_templates')
    .addColumn('author_id', 'integer', ownedBy('users.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('prescription', 'recommendation')`))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    // The tools as the prescription request states them (product ids and indications): resolved against the
    // catalogue each time the template is opened, so a template never offers yesterday's product data.
    .addColumn('tools', 'jsonb', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'prescription_templates_author_idx', 'prescription_templates', ['author_id', 'created_at']);

  await tableWithId(db, 'prescriptions')
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('prescription', 'recommendation')`))
    .addColumn('author_id', 'integer', refersTo('users.id'))
    .addColumn('patient_id', 'integer', refersTo('patients.id'))
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('template_id', 'integer', weakRef('prescription_templates.id'))
    // The end of the longest tool duration: `finished` is computed from it.
    .addColumn('ends_at', 'timestamptz', notNull)
    .addColumn('cancelled_at', 'timestamptz')
    // The client's Idempotency-Key and a digest of the request: a replay finds the first prescription.
    .addColumn('idempotency_key', 'text', notNull)
    .addColumn('request_hash', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .addUniqueConstraint('prescriptions_idempotency_unique', ['author_id', 'idempotency_key'])
    .execute();
  await addIndex(db, 'prescriptions_patient_idx', 'prescriptions', ['patient_id', 'created_at']);
  await addIndex(db, 'prescriptions_author_idx', 'prescriptions', ['author_id', 'created_at']);

  await tableWithId(db, 'prescription_tools')
    .addColumn('prescription_id', 'integer', ownedBy('prescriptions.id'))
    .addColumn('position', 'integer', notNull)
    .addColumn('product_id', 'integer', refersTo('products.id'))
    // The product as it was prescribed: the record must not change when the catalogue does.
    .addColumn('name', 'text', notNull)
    .addColumn('slug', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('tag', 'text', notNull)
    .addColumn('capsule_info', 'text')
    .addColumn('image_url', 'text', notNull)
    .addColumn('category_id', 'integer', refersTo('categories.id'))
    .addColumn('presentation', 'text', notNull)
    // [{ id, quantity }] of the time-of-day options.
    .addColumn('moments', 'jsonb', notNull)
    .addColumn('duration_unit', 'text', (col) => col.notNull().check(sql`duration_unit in ('days', 'weeks', 'months')`))
    .addColumn('duration_quantity', 'integer', (col) => col.notNull().check(positive('duration_quantity')))
    .addColumn('indications', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('daily_capsules', 'float8', (col) => col.notNull().check(positive('daily_capsules')))
    .addColumn('units', 'integer', (col) => col.notNull().check(positive('units')))
    .addUniqueConstraint('prescription_tools_position_unique', ['prescription_id', 'position'])
    .execute();

  // Library documents are small (a few hundred KB at most): kept in the database, served to professionals only.
  await tableWithId(db, 'documents')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('template', 'patient-support')`))
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('file_name', 'text', notNull)
    .addColumn('mime', 'text', notNull)
    .addColumn('size', 'integer', notNull)
    .addColumn('content', 'bytea', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'documents_kind_idx', 'documents', ['kind', 'id']);

  await tableWithId(db, 'medical_requests')
    .addColumn('names', 'text', notNull)
    .addColumn('last_names', 'text', notNull)
    .addColumn('email', 'text', notNull)
    .addColumn('country_id', 'integer', refersTo('countries.id'))
    .addColumn('country_code', 'text', notNull)
    .addColumn('mobile_number', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('created_at', 'timestamptz', notNullNow)
    .execute();
  await addIndex(db, 'medical_requests_created_idx', 'medical_requests', ['created_at']);
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
