import type { Kysely } from 'kysely';
import {
  PROFESSIONAL_ROLES,
  type CredentialHistoryEntryDto,
  type CredentialsStatusDto,
} from '../../../src/lib/shared/accounts';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from '../../../src/lib/shared/orders';
import { countryCodeById } from '../../../src/lib/shared/countries';
import { findRowByIdempotencyKey } from '../db/keyed-rows';
import type { Database, UserRow } from '../db/schema';
import { orderNumber } from '../orders/repo';

function credentialFileUrl(id: number): string {
  return `/api/credentials/files/${id}`;
}

/** Credentials of several users at once (two queries), newest entry first for each. */
export async function credentialsStatusOf(
  db: Kysely<Database>,
  users: Pick<UserRow, 'id' | 'role'>[],
): Promise<Map<number, CredentialsStatusDto>> {
  const ids = users.map((user) => user.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .selectFrom('credentials')
          .selectAll()
          .where('user_id', 'in', ids)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
  const files =
    entries.length === 0
      ? []
      : await db
          .selectFrom('credential_files')
          .select(['id', 'credential_id', 'original_name', 'mime', 'size'])
          .where(
            'credential_id',
            'in',
            entries.map((entry) => entry.id),
          )
          .orderBy('id')
          .execute();
  const prescriptionIds = entries
    .filter((entry) => entry.document_type === HORMONE_PRESCRIPTION_DOCUMENT_TYPE)
    .map((entry) => entry.id);
  // The admin reviews a hormone prescription on its order, never on the credentials row: the order tells its state.
  const orders =
    prescriptionIds.length === 0
      ? []
      : await db
          .selectFrom('orders')
          .select([
            'id',
            'country_id',
            'status',
            'prescription_document_id',
            'prescription_status',
            'prescription_reason',
            'prescription_reviewed_at',
          ])
          .where('prescription_document_id', 'in', prescriptionIds)
          .orderBy('id', 'desc')
          .execute();
  const history = new Map<number, CredentialHistoryEntryDto[]>();
  for (const entry of entries) {
    const list = history.get(entry.user_id) ?? [];
    const order = orders.find((candidate) => candidate.prescription_document_id === entry.id);
    const review = order?.prescription_status
      ? {
          status: order.prescription_status,
          reason: order.prescription_reason,
          reviewedAt: order.prescription_reviewed_at,
        }
      : { status: entry.status, reason: entry.reason, reviewedAt: entry.reviewed_at };
    list.push({
      id: entry.id,
      documentType: entry.document_type,
      contactNumber: entry.contact_number,
      countryCode: entry.country_code,
      status: review.status,
      reason: review.reason,
      createdAt: entry.created_at.toISOString(),
      reviewedAt: review.reviewedAt?.toISOString() ?? null,
      order: order
        ? {
            id: order.id,
            number: orderNumber(countryCodeById(order.country_id), order.id),
            status: order.status,
          }
        : null,
      files: files
        .filter((file) => file.credential_id === entry.id)
        .map((file) => ({
          id: file.id,
          name: file.original_name,
          size: file.size,
          mime: file.mime,
          url: credentialFileUrl(file.id),
        })),
    });
    history.set(entry.user_id, list);
  }
  return new Map(
    users.map((user) => {
      const list = history.get(user.id) ?? [];
      return [
        user.id,
        {
          // A hormone prescription of a purchase is not a credential: it never changes the professional's status.
          status:
            list.find((entry) => entry.documentType !== HORMONE_PRESCRIPTION_DOCUMENT_TYPE)?.status ?? 'not_uploaded',
          required: PROFESSIONAL_ROLES.includes(user.role),
          history: list,
        },
      ];
    }),
  );
}

export async function credentialsStatus(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<CredentialsStatusDto> {
  const statuses = await credentialsStatusOf(db, [user]);
  return statuses.get(user.id) ?? { status: 'not_uploaded', required: false, history: [] };
}

/** The upload this user committed with this Idempotency-Key; undefined when there is none. */
export function findCredentialByIdempotencyKey(db: Kysely<Database>, userId: number, key: string) {
  return findRowByIdempotencyKey(db, 'credentials', { column: 'user_id', id: userId }, key);
}

/** An upload's rows, its files already stored under `storedName`. */
export interface NewCredential {
  userId: number;
  documentType: string;
  contactNumber: string | null;
  countryCode: string | null;
  claim: { key: string; hash: string } | undefined;
  files: { originalName: string; storedName: string; mime: string; size: number }[];
  /** A purchase's hormone prescription, not a professional's credentials. */
  prescription: boolean;
}

/** Stores a credential and its files in one transaction. */
export async function insertCredential(db: Kysely<Database>, upload: NewCredential): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const credential = await trx
      .insertInto('credentials')
      .values({
        user_id: upload.userId,
        document_type: upload.documentType,
        contact_number: upload.contactNumber,
        country_code: upload.countryCode,
        idempotency_key: upload.claim?.key ?? null,
        request_hash: upload.claim?.hash ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('credential_files')
      .values(
        upload.files.map((file) => ({
          credential_id: credential.id,
          original_name: file.originalName,
          stored_name: file.storedName,
          mime: file.mime,
          size: file.size,
        })),
      )
      .execute();
    // New credentials after a rejection put the professional back in the review queue; a purchase's prescription
    // does not.
    if (!upload.prescription) {
      await trx
        .updateTable('users')
        .set({ approval_status: 'pending' })
        .where('id', '=', upload.userId)
        .where('approval_status', '=', 'rejected')
        .execute();
    }
  });
}

/** A credential file with its owner; undefined when there is none under that id. */
export function findCredentialFile(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('credential_files as f')
    .innerJoin('credentials as cr', 'cr.id', 'f.credential_id')
    .select(['f.original_name', 'f.stored_name', 'f.mime', 'cr.user_id'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}
