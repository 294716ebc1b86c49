import type { Kysely, Selectable } from 'kysely';
import type { PrescriptionToolInputDto, PrescriptionType } from '../../../src/lib/shared/prescriptions';
import type { Database, PrescriptionTemplatesTable } from '../db/schema';
import type { IdempotencyClaim } from '../db/idempotent-requests';
import { findRowByIdempotencyKey } from '../db/keyed-rows';

export type TemplateRow = Selectable<PrescriptionTemplatesTable>;

/** A professional's templates fit on one screen. */
const TEMPLATES_MAX_ROWS = 200;

function ownTemplates(db: Kysely<Database>, authorId: number) {
  return db.selectFrom('prescription_templates').selectAll().where('author_id', '=', authorId);
}

/** One of the author's own prescription templates; undefined for another author's or a missing one. */
export function findOwnTemplate(db: Kysely<Database>, authorId: number, id: number): Promise<TemplateRow | undefined> {
  return ownTemplates(db, authorId).where('id', '=', id).executeTakeFirst();
}

/** The template this author already saved with this Idempotency-Key; undefined when none. */
export function findTemplateByIdempotencyKey(
  db: Kysely<Database>,
  authorId: number,
  key: string,
): Promise<TemplateRow | undefined> {
  return findRowByIdempotencyKey(db, 'prescription_templates', { column: 'author_id', id: authorId }, key);
}

/** The author's templates, newest first. */
export function listOwnTemplates(db: Kysely<Database>, authorId: number): Promise<TemplateRow[]> {
  return ownTemplates(db, authorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(TEMPLATES_MAX_ROWS)
    .execute();
}

/**
 * Saves a template with the request's key, if any; a second save with the same key breaks the unique constraint
 * `prescription_templates_idempotency_unique`, which the caller answers with the first one.
 */
export function insertTemplate(
  db: Kysely<Database>,
  template: {
    authorId: number;
    name: string;
    type: PrescriptionType;
    notes: string;
    tools: PrescriptionToolInputDto[];
    claim: IdempotencyClaim | undefined;
  },
): Promise<TemplateRow> {
  return db
    .insertInto('prescription_templates')
    .values({
      author_id: template.authorId,
      name: template.name,
      type: template.type,
      notes: template.notes,
      tools: JSON.stringify(template.tools),
      idempotency_key: template.claim?.key ?? null,
      request_hash: template.claim?.hash ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes a template; the caller has checked it is the viewer's own. */
export async function deleteTemplate(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('prescription_templates').where('id', '=', id).execute();
}
