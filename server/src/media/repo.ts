import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The bytes of an image an admin uploaded; undefined when there is none under that id or it holds no content. */
export async function uploadedImageContent(db: Kysely<Database>, id: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('product_images')
    .select('content')
    .where('id', '=', id)
    .where('content', 'is not', null)
    .executeTakeFirst();
  return row?.content ?? undefined;
}
