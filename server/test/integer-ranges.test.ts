import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/lib/shared/accounts';
import type { AccessRule, RouteEntry } from '../src/http/auth';
import { authHeaders, jsonRequest, sessionFor } from './helpers';
import { orderBody } from './orders-fixtures';
import { testContextForFile } from './support/file-context';
import { adminProductInput } from './support/admin-products';

/**
 * Every integer the API reads (path ids, query numbers, body fields) is range-checked: numbers PostgreSQL cannot store
 * (1e308, 2^31) or that are not integers answer a 4xx with a Spanish message, never a 500.
 */
const BAD_TEXT_VALUES = ['1e308', '-1', '2147483648', 'NaN', 'abc', '1.5'];
/** The same as JSON values (NaN has no JSON form: as a string, and as the bare token JSON refuses). */
const BAD_JSON_VALUES: unknown[] = [1e308, -1, 2_147_483_648, 'NaN', 'abc', 1.5];

const ACCOUNTS: Record<'admin' | 'doctor' | 'professional' | 'patient', string> = {
  admin: 'admin@demo.test',
  doctor: 'medico.co@demo.test',
  professional: 'profesional.co@demo.test',
  patient: 'paciente.co@demo.test',
};
type Account = keyof typeof ACCOUNTS;

const ctx = testContextForFile();
const headers = {} as Record<Account, Record<string, string>>;

beforeAll(async () => {
  for (const account of Object.keys(ACCOUNTS) as Account[]) {
    headers[account] = authHeaders(await sessionFor(ctx, ACCOUNTS[account]), 'co');
  }
});

/** A caller the route lets in, so the request reaches the code that reads the number. */
function callerFor(access: AccessRule): Account {
  if (access === 'public' || access === 'authenticated') return 'admin';
  if (access === 'approvedProfessional') return 'doctor';
  const roles: readonly Role[] = Array.isArray(access) ? access : (access as { roles: readonly Role[] }).roles;
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('doctor')) return 'doctor';
  if (roles.includes('health_professional')) return 'professional';
  return 'patient';
}

const SPANISH = /\b(el|la|los|las|de|del|no|un|una|debe|este|esta|en|por|con|campo|obligatorio)\b/i;

async function expectSpanish4xx(response: Response, where: string) {
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  const body = (await response.json()) as { message?: unknown };
  expect(typeof body.message, where).toBe('string');
  expect(body.message, where).toMatch(SPANISH);
}

/** Path parameters that hold a stored integer id. */
const NUMERIC_PARAMS = /:(id|imageId|productId|userId|countryId)\b/;

describe('path ids', () => {
  it('every route with a numeric path id refuses numbers it cannot store', async () => {
    const routes = ctx.app.apiRoutes.filter((route: RouteEntry) => NUMERIC_PARAMS.test(route.path));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const caller = callerFor(route.access);
      for (const value of BAD_TEXT_VALUES) {
        const path = route.path.replace(new RegExp(NUMERIC_PARAMS.source, 'g'), encodeURIComponent(value));
        const init =
          route.method === 'GET' || route.method === 'DELETE'
            ? { method: route.method, headers: headers[caller] }
            : jsonRequest(route.method, {}, { ...headers[caller], 'idempotency-key': randomUUID() });
        const response = await ctx.app.request(`/api${path}`, init);
        await expectSpanish4xx(response, `${route.method} ${path} as ${caller}`);
      }
    }
  });
});

describe('query numbers', () => {
  it.each([
    ['admin', '/admin/products?page='],
    ['admin', '/products?limit='],
    ['admin', '/products?offset='],
    ['admin', '/products?category_id='],
    ['doctor', '/patients?page='],
    ['doctor', '/patients?limit='],
    ['admin', '/orders?page='],
  ] as const)('as %s, %s', async (caller, path) => {
    for (const value of BAD_TEXT_VALUES.filter((candidate) => candidate !== '-1' || !path.endsWith('category_id='))) {
      const response = await ctx.app.request(`/api${path}${encodeURIComponent(value)}`, { headers: headers[caller] });
      await expectSpanish4xx(response, `${path}${value}`);
    }
  });
});

/** Sets `value` at a dotted path (`presentations.0.quantity`) of a copy of `body`. */
function withValue(body: object, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys[keys.length - 1] as string] = value;
  return copy;
}

const PRODUCT = adminProductInput({
  name: 'Rhodiola rosea 300 mg',
  slug: 'rhodiola-rosea-300-mg',
  serialNumber: 'RNG-001',
  stockTracked: true,
  stockQuantity: 10,
  pointsPrice: 100,
  discounts: [{ purchaseLevelId: 2, percent: 10 }],
});

describe('body integers', () => {
  const cases: { caller: Account; method: string; path: string; body: object; fields: string[] }[] = [
    {
      caller: 'admin',
      method: 'POST',
      path: '/admin/products',
      body: PRODUCT,
      fields: [
        'categoryId',
        'pharmaceuticalFormId',
        'stockQuantity',
        'pointsPrice',
        'prices.co.amount',
        'presentations.0.quantity',
        'discounts.0.purchaseLevelId',
      ],
    },
    {
      caller: 'patient',
      method: 'POST',
      path: '/orders',
      body: orderBody({ items: [{ productId: 1, quantity: 1 }] }),
      fields: ['countryId', 'items.0.productId', 'items.0.quantity', 'discountPoints', 'customer.typeID'],
    },
    {
      caller: 'doctor',
      method: 'POST',
      path: '/gamification/products/redeem',
      body: { productId: 1, quantity: 1 },
      fields: ['productId', 'quantity'],
    },
    {
      caller: 'doctor',
      method: 'POST',
      path: '/gamification/participate-event',
      body: { eventId: 1 },
      fields: ['eventId'],
    },
    { caller: 'doctor', method: 'POST', path: '/gamification/buy-combo', body: { comboId: 1 }, fields: ['comboId'] },
    {
      caller: 'patient',
      method: 'POST',
      path: '/favorites/merge',
      body: { productIds: [1] },
      fields: ['productIds.0'],
    },
    {
      caller: 'admin',
      method: 'PUT',
      path: '/admin/prescription-settings',
      body: { moments: [], defaultDuration: { time: 'months', quantity: 1 }, defaultIndications: '' },
      fields: ['defaultDuration.quantity'],
    },
  ];

  it.each(
    cases.flatMap((item) => item.fields.map((field) => [`${item.method} ${item.path} ${field}`, item, field] as const)),
  )('%s', async (_name, item, field) => {
    for (const value of BAD_JSON_VALUES) {
      // A negative discount percent level or a negative id is as wrong as a huge one; -1 points stays invalid too.
      const body = withValue(item.body, field, value);
      const key = randomUUID();
      const sent = item.path === '/orders' ? { ...(body as Record<string, unknown>), sourceId: key } : (body as object);
      const response = await ctx.app.request(
        `/api${item.path}`,
        jsonRequest(item.method, sent, { ...headers[item.caller], 'idempotency-key': key }),
      );
      await expectSpanish4xx(response, `${field} = ${String(value)}`);
    }
  });

  it('the bare NaN token is refused as malformed JSON, in Spanish', async () => {
    const text = JSON.stringify(PRODUCT).replace('"categoryId":1', '"categoryId":NaN');
    const response = await ctx.app.request('/api/admin/products', jsonRequest('POST', text, headers.admin));
    await expectSpanish4xx(response, 'categoryId: NaN');
  });
});
