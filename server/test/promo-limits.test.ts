import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { AdminPromoCodeDto, AdminPromoCodeInput } from '../../src/lib/shared/promo-codes';
import { PROMO_USED_BY_YOU_MESSAGE, PROMO_USED_UP_MESSAGE, PROMO_OTHER_COUNTRY_MESSAGE } from '../src/orders/pricing';
import { jsonRequest } from './helpers';
import { orderBody, ordersWorldForFile, postOrder, type Buyer } from './orders-fixtures';
import { MAGNESIO } from './support/seed-products';

const world = ordersWorldForFile();
let buyers: Buyer[];

beforeAll(async () => {
  buyers = [];
  for (let index = 0; index < 4; index += 1) buyers.push(await world.buyer({ role: 'patient' }));
});

function promoInput(overrides: Partial<AdminPromoCodeInput> = {}): AdminPromoCodeInput {
  return {
    code: `PRUEBA${randomUUID().slice(0, 8)}`,
    discountType: 'percentage',
    value: 10,
    active: true,
    maxUses: null,
    maxUsesPerUser: null,
    countries: [],
    ...overrides,
  };
}

async function createPromo(input: AdminPromoCodeInput): Promise<AdminPromoCodeDto> {
  const response = await world.ctx.app.request('/api/admin/promo-codes', jsonRequest('POST', input, world.admin));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AdminPromoCodeDto;
}

function order(buyer: Buyer, promoCode: string) {
  return postOrder(
    world.ctx,
    buyer.headers,
    orderBody({ items: [{ productId: world.productId(MAGNESIO), quantity: 1 }], promoCode }),
  );
}

async function messageOf(response: Response): Promise<string> {
  return ((await response.json()) as ApiErrorBody).message;
}

describe('promo code limits', () => {
  it('concurrent orders racing for the last use: exactly one gets it, the others a Spanish 422', async () => {
    const promo = await createPromo(promoInput({ maxUses: 2 }));
    expect((await order(buyers[0] as Buyer, promo.code)).status).toBe(201);
    const answers = await Promise.all(buyers.slice(1).map((buyer) => order(buyer, promo.code)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 422, 422]);
    for (const response of answers.filter((answer) => answer.status === 422)) {
      expect(await messageOf(response)).toBe(PROMO_USED_UP_MESSAGE);
    }
    const listed = await world.ctx.app.request('/api/admin/promo-codes', { headers: world.admin });
    const { data } = (await listed.json()) as { data: AdminPromoCodeDto[] };
    expect(data.find((candidate) => candidate.id === promo.id)?.uses).toBe(2);
  });

  it('a buyer may use a code as many times as its per-buyer limit says; the quote says so too', async () => {
    const promo = await createPromo(promoInput({ maxUsesPerUser: 1 }));
    const buyer = buyers[0] as Buyer;
    expect((await order(buyer, promo.code)).status).toBe(201);
    const again = await order(buyer, promo.code);
    expect(again.status).toBe(422);
    expect(await messageOf(again)).toBe(PROMO_USED_BY_YOU_MESSAGE);
    const quote = await world.ctx.app.request(
      '/api/checkout/quote',
      jsonRequest(
        'POST',
        {
          countryId: 1,
          items: [{ productId: world.productId(MAGNESIO), quantity: 1 }],
          pointItems: [],
          promoCode: promo.code,
          discountPoints: 0,
        },
        buyer.headers,
      ),
    );
    expect(quote.status).toBe(422);
    expect((await order(buyers[1] as Buyer, promo.code)).status).toBe(201);
  });

  it('is valid only in its countries, each within its own window', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const promo = await createPromo(
      promoInput({
        countries: [
          { countryId: 2, validFrom: yesterday, validUntil: null },
          { countryId: 3, validFrom: null, validUntil: yesterday },
        ],
      }),
    );
    const colombian = await order(buyers[2] as Buyer, promo.code);
    expect(colombian.status).toBe(422);
    expect(await messageOf(colombian)).toBe(PROMO_OTHER_COUNTRY_MESSAGE);
    expect(promo.countries.map((row) => row.countryId)).toEqual([2, 3]);
  });

  it('the admin edits the limits; bad input is a Spanish 400 and a repeated code a 409', async () => {
    const promo = await createPromo(promoInput());
    const edited = await world.ctx.app.request(
      `/api/admin/promo-codes/${promo.id}`,
      jsonRequest('PUT', { ...promoInput({ code: promo.code }), maxUses: 5, active: false }, world.admin),
    );
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ maxUses: 5, active: false });

    // Editing a code that does not exist is a 404 and creates none.
    const unknown = promoInput({ countries: [{ countryId: 2, validFrom: null, validUntil: null }] });
    const missing = await world.ctx.app.request(
      '/api/admin/promo-codes/999999',
      jsonRequest('PUT', unknown, world.admin),
    );
    expect(missing.status).toBe(404);
    const listed = await world.ctx.app.request('/api/admin/promo-codes', { headers: world.admin });
    const { data } = (await listed.json()) as { data: AdminPromoCodeDto[] };
    expect(data.map((row) => row.code)).not.toContain(unknown.code);

    const invalid = await world.ctx.app.request(
      '/api/admin/promo-codes',
      jsonRequest('POST', { ...promoInput(), value: 150, maxUses: 1e308 }, world.admin),
    );
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { fieldErrors: { field: string; message: string }[] };
    expect(body.fieldErrors.map((error) => error.field).sort()).toEqual(['maxUses', 'value']);

    const repeated = await world.ctx.app.request(
      '/api/admin/promo-codes',
      jsonRequest('POST', promoInput({ code: promo.code.toLowerCase() }), world.admin),
    );
    expect(repeated.status).toBe(409);
  });
});
