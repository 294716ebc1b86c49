import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentsTable } from '../db/schema';

export type DocumentRow = Omit<Selectable<DocumentsTable>, 'content'>;
const DOCUMENT_COLUMNS = [
  'id',
  'kind',
  'title',
  'description',
  'file_name',
  'mime',
  'size',
  'country_id',
  'created_at',
  'updated_at',
] as const;

/** What a document says of itself (its kind, texts and country). */
export type DocumentFields = Pick<DocumentsTable, 'kind' | 'title' | 'description' | 'country_id'>;
/** A document's file and what is known of it. */
export type DocumentFile = Pick<DocumentsTable, 'file_name' | 'mime' | 'size' | 'content'>;

/**
 * Who reads the library: a professional sees the documents for every country and their session's; an admin sees the
 * whole library.
 */
export interface LibraryReader {
  admin: boolean;
  countryId: number;
}

function visibleDocuments(db: Kysely<Database>, reader: LibraryReader) {
  return db
    .selectFrom('documents')
    .$if(!reader.admin, (rows) =>
      rows.where((eb) => eb.or([eb('country_id', 'is', null), eb('country_id', '=', reader.countryId)])),
    );
}

export function listDocuments(
  db: Kysely<Database>,
  reader: LibraryReader,
  kind: DocumentsTable['kind'] | undefined,
): Promise<DocumentRow[]> {
  return visibleDocuments(db, reader)
    .select(DOCUMENT_COLUMNS)
    .$if(kind !== undefined, (rows) => rows.where('kind', '=', kind ?? 'template'))
    .orderBy('kind')
    .orderBy('id')
    .execute();
}

/** A document's file; undefined when there is none under that id or the reader may not see it. */
export function findDocumentFile(db: Kysely<Database>, reader: LibraryReader, id: number) {
  return visibleDocuments(db, reader).select(['file_name', 'mime', 'content']).where('id', '=', id).executeTakeFirst();
}

export function insertDocument(db: Kysely<Database>, fields: DocumentFields, file: DocumentFile): Promise<DocumentRow> {
  return db
    .insertInto('documents')
    .values({ ...fields, ...file })
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Edits a document, its file too when one is given; undefined when there is no document under that id. */
export function updateDocument(
  db: Kysely<Database>,
  id: number,
  fields: DocumentFields,
  file: DocumentFile | undefined,
): Promise<DocumentRow | undefined> {
  return db
    .updateTable('documents')
    .set({ ...fields, updated_at: new Date(), ...file })
    .where('id', '=', id)
    .returning(DOCUMENT_COLUMNS)
    .executeTakeFirst();
}

/** False when there is no document under that id. */
export async function deleteDocument(db: Kysely<Database>, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('documents').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}
