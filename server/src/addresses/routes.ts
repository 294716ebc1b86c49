import type { Kysely } from 'kysely';
import { addressListQuerySchema } from '../../../src/lib/shared/list-query-schemas';
import { addressInputSchema } from '../../../src/lib/shared/order-schemas';
import type { AddressDto } from '../../../src/lib/shared/orders';
import type { Database } from '../db/schema';
import { pathParam, viewerOf, type Api } from '../http/auth';
import { Refusal } from '../refusal';
import { deleteOwnAddress, listAddresses, MAX_ADDRESSES_PER_COUNTRY, saveAddress, toAddressDto } from './repo';

const ADDRESS_NOT_FOUND_MESSAGE = 'Dirección no encontrada.';
export const ADDRESS_BOOK_FULL_MESSAGE = `Ya tienes ${MAX_ADDRESSES_PER_COUNTRY} direcciones guardadas en este país: elimina una para guardar otra.`;

/** The address book of signed-in buyers, per country (an addition: docs/api.md). */
export function registerAddressRoutes(api: Api, db: Kysely<Database>): void {
  const ownAddresses = { access: 'authenticated', ownership: 'own addresses only' } as const;
  api.get('/addresses', { ...ownAddresses, query: addressListQuerySchema }, async (c) => {
    const { user, session } = viewerOf(c);
    const countryId = c.req.valid('query').country_id ?? session.country_id;
    const rows = await listAddresses(db, user.id, countryId);
    return c.json<{ data: AddressDto[] }>({ data: rows.map(toAddressDto) });
  });

  api.post('/addresses', { ...ownAddresses, body: addressInputSchema }, async (c) => {
    const { user, session } = viewerOf(c);
    // The body's country (one of the store's), else the session's.
    const { countryId = session.country_id, ...address } = c.req.valid('json');
    const saved = await saveAddress(db, user.id, countryId, address);
    if (saved === 'full') throw new Refusal(409, ADDRESS_BOOK_FULL_MESSAGE);
    return c.json<AddressDto>(toAddressDto(saved), 201);
  });

  api.delete('/addresses/:id', { access: 'authenticated', ownership: 'owner' }, async (c) => {
    const { user } = viewerOf(c);
    const raw = pathParam(c, 'id');
    const deleted = /^\d{1,9}$/.test(raw) && (await deleteOwnAddress(db, user.id, Number(raw)));
    // Another user's address answers like a missing one.
    if (!deleted) throw new Refusal(404, ADDRESS_NOT_FOUND_MESSAGE);
    return c.body(null, 204);
  });
}
