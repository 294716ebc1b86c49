import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, MedicalRequestsTable } from '../db/schema';

type MedicalRequestRow = Selectable<MedicalRequestsTable>;

export function insertMedicalRequest(
  db: Kysely<Database>,
  values: Insertable<MedicalRequestsTable>,
): Promise<MedicalRequestRow> {
  return db.insertInto('medical_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Admin: one page of the requests (newest first) matching the filters, and how many match. */
export async function medicalRequestsPage(
  db: Kysely<Database>,
  filters: Partial<Pick<MedicalRequestRow, 'country_id' | 'status' | 'topic'>>,
  paging: { page: number; limit: number },
): Promise<{ rows: MedicalRequestRow[]; total: number }> {
  const { country_id: countryId, status, topic } = filters;
  const base = db
    .selectFrom('medical_requests')
    .$if(countryId !== undefined, (rows) => rows.where('country_id', '=', countryId ?? 0))
    .$if(status !== undefined, (rows) => rows.where('status', '=', status ?? 'new'))
    .$if(topic !== undefined, (rows) => rows.where('topic', '=', topic ?? 'attention'));
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Sets a request's status; undefined when there is no request under that id. */
export function updateMedicalRequestStatus(
  db: Kysely<Database>,
  id: number,
  status: MedicalRequestRow['status'],
): Promise<MedicalRequestRow | undefined> {
  return db
    .updateTable('medical_requests')
    .set({ status, status_updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
