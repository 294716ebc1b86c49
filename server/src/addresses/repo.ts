import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AddressDto, AddressInputDto } from '../../../src/lib/shared/orders';
import type { AddressesTable, Database } from '../db/schema';

/** Saved addresses per user and country. */
export const MAX_ADDRESSES_PER_COUNTRY = 20;

export function toAddressDto(row: Selectable<AddressesTable>): AddressDto {
  return {
    id: row.id,
    countryId: row.country_id,
    address: row.address,
    residenceDetail: row.residence_detail,
    state: row.state,
    city: row.city,
    postalCode: row.postal_code,
    createdAt: row.created_at.toISOString(),
  };
}

export function listAddresses(db: Kysely<Database>, userId: number, countryId: number) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('country_id', '=', countryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Adds an address to the book inside `trx`, unless the same one is there already (answers it) or the book of that
 * country is full (answers 'full'). The user's row is locked so two saves cannot both take the twentieth place.
 */
export async function saveAddressIfNew(
  trx: Transaction<Database>,
  userId: number,
  countryId: number,
  address: AddressInputDto,
): Promise<Selectable<AddressesTable> | 'full'> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  const fields = {
    address: address.address,
    residence_detail: address.residenceDetail,
    state: address.state,
    city: address.city,
    postal_code: address.postalCode,
  };
  const saved = await listAddresses(trx, userId, countryId);
  const same = saved.find((row) =>
    Object.entries(fields).every(([key, value]) => row[key as keyof typeof fields] === value),
  );
  if (same) return same;
  if (saved.length >= MAX_ADDRESSES_PER_COUNTRY) return 'full';
  return trx
    .insertInto('addresses')
    .values({ user_id: userId, country_id: countryId, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `saveAddressIfNew` in a transaction of its own (the address book's own save, outside an order). */
export function saveAddress(db: Kysely<Database>, userId: number, countryId: number, address: AddressInputDto) {
  return db.transaction().execute((trx) => saveAddressIfNew(trx, userId, countryId, address));
}

/** Deletes one of the user's addresses; false when the user holds none under that id. */
export async function deleteOwnAddress(db: Kysely<Database>, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
