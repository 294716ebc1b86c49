import { describe, expect, it } from 'vitest';
import { CHECKOUT_REQUIRED_MESSAGE, type AddressDto } from '../../src/lib/shared/orders';
import { MAX_ADDRESSES_PER_COUNTRY } from '../src/addresses/repo';
import { ADDRESS_BOOK_FULL_MESSAGE } from '../src/addresses/routes';
import { jsonRequest } from './helpers';
import { buyerForFile, ordersWorldForFile, type Buyer } from './orders-fixtures';

const world = ordersWorldForFile();
const buyer = buyerForFile(world, { role: 'patient' });
const other = buyerForFile(world, { role: 'doctor' });

const address = (street: string) => ({
  address: street,
  residenceDetail: 'Torre 2',
  state: 'Cundinamarca',
  city: 'Bogotá',
  postalCode: '',
});
const save = (who: Buyer, body: unknown) =>
  world.ctx.app.request('/api/addresses', jsonRequest('POST', body, who.headers));
const list = async (who: Buyer, query = '') => {
  const response = await world.ctx.app.request(`/api/addresses${query}`, { headers: who.headers });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AddressDto[] }).data;
};

describe('the address book', () => {
  it('saves an address of the session’s country and lists it', async () => {
    const response = await save(buyer, address('Carrera 7 # 71-21'));
    expect(response.status).toBe(201);
    const saved = (await response.json()) as AddressDto;
    expect(saved).toEqual({
      id: expect.any(Number),
      countryId: 1,
      ...address('Carrera 7 # 71-21'),
      createdAt: expect.any(String),
    });
    expect(await list(buyer)).toEqual([saved]);
    expect(await list(buyer, '?country_id=2')).toEqual([]);
    expect(await list(other)).toEqual([]);
  });

  it('asks for the required fields with the checkout’s message', async () => {
    const response = await save(buyer, { residenceDetail: 'Casa' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'Revisa los datos del formulario.',
      fieldErrors: [
        { field: 'address', message: CHECKOUT_REQUIRED_MESSAGE },
        { field: 'state', message: CHECKOUT_REQUIRED_MESSAGE },
        { field: 'city', message: CHECKOUT_REQUIRED_MESSAGE },
      ],
    });
    const unknownCountry = await save(buyer, { ...address('Calle 1'), countryId: 9 });
    expect(unknownCountry.status).toBe(400);
    expect(await unknownCountry.json()).toMatchObject({
      fieldErrors: [{ field: 'countryId', message: 'Selecciona un país válido.' }],
    });
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_COUNTRY} addresses per country`, async () => {
    const collector = await world.buyer({ role: 'patient' });
    for (let index = 0; index < MAX_ADDRESSES_PER_COUNTRY; index += 1) {
      expect((await save(collector, address(`Calle ${index}`))).status).toBe(201);
    }
    const full = await save(collector, address('Calle 99'));
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: ADDRESS_BOOK_FULL_MESSAGE });
    // Another country has its own book.
    expect((await save(collector, { ...address('Avenida Reforma 222'), countryId: 2 })).status).toBe(201);
  });

  it('deletes own addresses only', async () => {
    const saved = (await (await save(buyer, address('Calle 100 # 15-20'))).json()) as AddressDto;
    const remove = (who: Buyer, id: number | string) =>
      world.ctx.app.request(`/api/addresses/${id}`, { method: 'DELETE', headers: who.headers });
    expect((await remove(other, saved.id)).status).toBe(404);
    expect((await remove(buyer, saved.id)).status).toBe(204);
    expect((await remove(buyer, saved.id)).status).toBe(404);
    expect((await remove(buyer, 'abc')).status).toBe(404);
    expect((await list(buyer)).map((entry) => entry.id)).not.toContain(saved.id);
  });
});
