import type { Kysely } from 'kysely';
import {
  PROFESSIONAL_ROLES,
  type CredentialHistoryEntryDto,
  type CredentialsStatusDto,
} from '../../../src/lib/shared/accounts';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from '../../../src/lib/shared/orders';
import { countryCodeById } from '../../../src/lib/shared/countries';
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
