import { http, HttpResponse } from 'msw';
import type { AdminPromoCodeDto, AdminPromoCodeInput } from '../../lib/shared/promo-codes';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

// A fake of the admin's promo codes (server/src/admin/promo-codes.ts): a list the writes change. Not in the default
// handlers: a test opts in with `server.use(...adminPromoCodeHandlers)`.

export function buildPromoCode(overrides: Partial<AdminPromoCodeDto> = {}): AdminPromoCodeDto {
  return {
    id: 1,
    code: 'BIENVENIDA10',
    discountType: 'percentage',
    value: 10,
    active: true,
    maxUses: 100,
    maxUsesPerUser: 1,
    uses: 7,
    countries: [],
    ...overrides,
  };
}

export const adminPromoCodeFixtures = { codes: [] as AdminPromoCodeDto[], saved: [] as AdminPromoCodeInput[] };

export function resetAdminPromoCodeFixtures(codes: AdminPromoCodeDto[] = [buildPromoCode()]): void {
  adminPromoCodeFixtures.codes = codes;
  adminPromoCodeFixtures.saved = [];
}

/** The server's own check the browser does not make: a percentage over 100. */
function refused(input: AdminPromoCodeInput) {
  if (input.discountType !== 'percentage' || input.value <= 100) return undefined;
  return formRefusal([{ field: 'value', message: 'Un porcentaje va de 1 a 100.' }]);
}

function stored(input: AdminPromoCodeInput, id: number): AdminPromoCodeDto {
  return { ...input, id, uses: adminPromoCodeFixtures.codes.find((code) => code.id === id)?.uses ?? 0 };
}

export const adminPromoCodeHandlers = [
  http.get(`${TEST_API}/admin/promo-codes`, () => HttpResponse.json({ data: adminPromoCodeFixtures.codes })),
  http.post(`${TEST_API}/admin/promo-codes`, async ({ request }) => {
    const input = (await request.json()) as AdminPromoCodeInput;
    adminPromoCodeFixtures.saved.push(input);
    const refusal = refused(input);
    if (refusal) return refusal;
    const code = stored(input, adminPromoCodeFixtures.codes.length + 1);
    adminPromoCodeFixtures.codes = [...adminPromoCodeFixtures.codes, code];
    return HttpResponse.json(code, { status: 201 });
  }),
  http.put(`${TEST_API}/admin/promo-codes/:id`, async ({ request, params }) => {
    const input = (await request.json()) as AdminPromoCodeInput;
    adminPromoCodeFixtures.saved.push(input);
    const refusal = refused(input);
    if (refusal) return refusal;
    if (!adminPromoCodeFixtures.codes.some((code) => code.id === Number(params.id))) {
      return HttpResponse.json({ message: 'No encontramos este código promocional.' }, { status: 404 });
    }
    const code = stored(input, Number(params.id));
    adminPromoCodeFixtures.codes = adminPromoCodeFixtures.codes.map((item) => (item.id === code.id ? code : item));
    return HttpResponse.json(code);
  }),
];
