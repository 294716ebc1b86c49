import { getResponse, type RequestHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyDto } from '../../src/lib/shared/prescriptions';
import { TEST_API } from '../../src/testing/api-url';
import { accountHandlers, resetAccountFixtures } from '../../src/testing/handlers/account';
import { adherenceFixtures, adherenceHandlers, buildProductAdherence } from '../../src/testing/handlers/adherence';
import {
  adminMedicalRequestHandlers,
  buildMedicalRequest,
  resetMedicalRequestFixtures,
} from '../../src/testing/handlers/admin-medical-requests';
import { adminPrescriptionSettingsHandlers } from '../../src/testing/handlers/admin-prescription-settings';
import { adminProductHandlers, resetAdminProductFixtures } from '../../src/testing/handlers/admin-products';
import { adminPromoCodeHandlers, resetAdminPromoCodeFixtures } from '../../src/testing/handlers/admin-promo-codes';
import { acceptSession, authHandlers, knownProfiles } from '../../src/testing/handlers/auth';
import { checkoutHandlers } from '../../src/testing/handlers/checkout';
import { contactHandlers, setContactSettings } from '../../src/testing/handlers/contact';
import { countryHandlers } from '../../src/testing/handlers/countries';
import { formHandlers } from '../../src/testing/handlers/forms';
import { buildHormoneOrder, buildOrder, orderFixtures, orderHandlers } from '../../src/testing/handlers/orders';
import {
  buildCombo,
  buildEvent,
  buildHistoryEntry,
  buildPointProduct,
  pointsFixtures,
  pointsHandlers,
} from '../../src/testing/handlers/points';
import {
  buildLibraryDocument,
  buildPrescriptionDetail,
  prescriptionFixtures,
  prescriptionHandlers,
} from '../../src/testing/handlers/prescriptions';
import { privacyHandlers } from '../../src/testing/handlers/privacy';
import { productHandlers } from '../../src/testing/handlers/products';
import { buildReminder, reminderFixtures, reminderHandlers } from '../../src/testing/handlers/reminders';
import { authHeaders, createTestContext, jsonRequest, sessionFor, userByEmail, type TestContext } from './helpers';
import { createdOrder, orderBody } from './orders-fixtures';
import { prescribe, productIdOf, registerIdOf, tool } from './prescriptions-fixtures';
import { invitationTokenOf } from './support/registration';

/**
 * Issue #20: the msw handlers of the component tests answer like the real server. Each probe sends the same request
 * (path, query, the same kind of caller) to the app and to the handlers (msw's `getResponse`, no network), and
 * compares the SHAPES of the two JSON bodies, not their values:
 * - a body's shape is recursive: an object is its keys' shapes, an array the union of its elements' shapes, a
 *   primitive its `typeof`; a key of an array's objects is "always there" only if every element has it;
 * - the mock must not send a key the server lacks, nor lack a key the server always sends;
 * - where both sides have non-null values their types must be the same;
 * - `null` on either side matches anything: one seed cannot show that a nullable field is never null (the DTO types
 *   in `src/lib/shared` say which fields are nullable);
 * - an empty array matches any array (nothing to compare).
 * Mismatches are reported by JSON path, e.g. `.data[].price: mock number, server string`.
 * Where the seed gives the server nothing to list (the points history and redemptions, reminders, addresses, push
 * devices, favourites, hormone orders, the credentials' history), only the envelope around the empty list is compared. The admin's lists of medical requests
 * and an invitation's preview have a row made in `beforeAll` on the server (the mock has its own fixtures).
 */

interface Shape {
  /** typeof of the values seen ('null' included); empty for an array with no elements. */
  types: Set<string>;
  /** For objects: each key's shape and whether every object seen had it. */
  keys?: Map<string, { shape: Shape; always: boolean }>;
  /** For arrays: the union of the elements' shapes (undefined when every array seen was empty). */
  items?: Shape;
}

function shapeOf(value: unknown): Shape {
  if (value === null) return { types: new Set(['null']) };
  if (Array.isArray(value)) {
    const items = value
      .map(shapeOf)
      .reduce<Shape | undefined>((union, next) => (union ? merge(union, next) : next), undefined);
    return { types: new Set(['array']), items };
  }
  if (typeof value === 'object') {
    const keys = new Map(Object.entries(value).map(([key, child]) => [key, { shape: shapeOf(child), always: true }]));
    return { types: new Set(['object']), keys };
  }
  return { types: new Set([typeof value]) };
}

function merge(a: Shape, b: Shape): Shape {
  const types = new Set([...a.types, ...b.types]);
  let keys: Shape['keys'];
  if (a.keys || b.keys) {
    keys = new Map();
    for (const key of new Set([...(a.keys?.keys() ?? []), ...(b.keys?.keys() ?? [])])) {
      const left = a.keys?.get(key);
      const right = b.keys?.get(key);
      // A key missing from an object of the other side (not from a non-object such as null) is not always there.
      const shape = left && right ? merge(left.shape, right.shape) : (left ?? right)!.shape;
      const always = Boolean(left?.always ?? !a.keys) && Boolean(right?.always ?? !b.keys);
      keys.set(key, { shape, always });
    }
  }
  const items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  return { types, keys, items };
}

function differences(mock: Shape, server: Shape, path: string): string[] {
  const mockTypes = [...mock.types].filter((type) => type !== 'null');
  const serverTypes = [...server.types].filter((type) => type !== 'null');
  if (mockTypes.length === 0 || serverTypes.length === 0) return [];
  if (mockTypes.some((type) => !server.types.has(type))) {
    return [`${path}: mock ${mockTypes.join('|')}, server ${serverTypes.join('|')}`];
  }
  const found: string[] = [];
  if (mock.keys && server.keys) {
    for (const [key, entry] of mock.keys) {
      const other = server.keys.get(key);
      if (!other) found.push(`${path}.${key}: only in the mock`);
      else found.push(...differences(entry.shape, other.shape, `${path}.${key}`));
    }
    for (const [key, entry] of server.keys) {
      if (entry.always && !mock.keys.has(key)) found.push(`${path}.${key}: the server always sends it, the mock never`);
    }
  }
  if (mock.items && server.items) found.push(...differences(mock.items, server.items, `${path}[]`));
  return found;
}

const HANDLERS: RequestHandler[] = [
  ...productHandlers,
  ...countryHandlers,
  ...authHandlers,
  ...accountHandlers,
  ...checkoutHandlers,
  ...orderHandlers,
  ...pointsHandlers,
  ...prescriptionHandlers,
  ...reminderHandlers,
  ...adherenceHandlers,
  ...contactHandlers,
  ...privacyHandlers,
  ...formHandlers,
  ...adminMedicalRequestHandlers,
  ...adminProductHandlers,
  ...adminPromoCodeHandlers,
  ...adminPrescriptionSettingsHandlers,
];

type Caller = 'admin' | 'doctor' | 'patient' | null;
const EMAILS = {
  admin: 'admin@demo.test',
  doctor: 'medico.co@demo.test',
  patient: 'paciente.co@demo.test',
} as const;
/** The invitation token each side knows (the mock's is fixed; the server's is made in `beforeAll`). */
const invitationTokens = { mock: 'invitacion-valida', server: '' };
/** The source id of the server's order, sent to both sides (the mock answers any). */
let orderSourceId = '';

let ctx: TestContext;
const tokens = new Map<Caller, string>();
const serverIds = new Map<Caller, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  for (const caller of ['admin', 'doctor', 'patient'] as const) {
    tokens.set(caller, await sessionFor(ctx, EMAILS[caller]));
    serverIds.set(caller, (await userByEmail(ctx, EMAILS[caller])).id);
  }
  // The fixtures' lists start empty (each component test fills its own): one element each, as the tests build them.
  prescriptionFixtures.prescriptions = [buildPrescriptionDetail()];
  orderFixtures.orders = [buildOrder()];
  pointsFixtures.history = [buildHistoryEntry()];
  reminderFixtures.reminders = [buildReminder()];
  prescriptionFixtures.documents = [buildLibraryDocument()];
  orderFixtures.hormoneOrders = [buildHormoneOrder()];
  pointsFixtures.events = [buildEvent()];
  pointsFixtures.combos = [buildCombo()];
  pointsFixtures.products = [buildPointProduct()];
  resetAccountFixtures();
  resetMedicalRequestFixtures([buildMedicalRequest()]);
  resetAdminProductFixtures();
  resetAdminPromoCodeFixtures();
  // The seed gives every country a channel: one here too, so the types are compared, not only nulls.
  setContactSettings('co', {
    phone: '+57 601 555 0100',
    chatNumber: '573015550100',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
  // The seed has no prescriptions nor orders: one of each, so the detail probes have something to compare.
  const magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
  await prescribe(
    ctx,
    { token: tokens.get('doctor')! },
    {
      patientId: await registerIdOf(ctx, EMAILS.patient),
      tools: [tool(magnesium)],
    },
  );
  // A template made by the same request on both sides (the mock ignores the product id the server checks).
  const template = { name: 'Plantilla del contrato', tools: [tool(magnesium)] };
  const created = [
    await getResponse(HANDLERS, mockRequest('/prescription-templates', 'doctor', template)),
    await ctx.app.request('/api/prescription-templates', jsonRequest('POST', template, callerHeaders('doctor'))),
  ];
  for (const response of created) expect(response?.status, await response?.clone().text()).toBe(201);
  await createdOrder(
    ctx,
    authHeaders(tokens.get('patient')!, 'co'),
    orderBody({ items: [{ productId: magnesium, quantity: 1 }] }),
  );
  const orders = (await fromServer('/orders?page=1&limit=10', 'patient')) as { data: { sourceId: string }[] };
  orderSourceId = orders.data[0]!.sourceId;
  // The adherence and strategies of the mock's first patient: the server's follow from the prescription above.
  const mockPatient = Number(firstId(await fromMock('/patients?page=1&limit=20', 'doctor')));
  adherenceFixtures.products[mockPatient] = [buildProductAdherence()];
  const strategy: StrategyDto = {
    id: 7001,
    createdAt: '2026-11-10T15:00:00.000Z',
    type: 'prescription',
    categories: [{ id: 1, name: 'Vitaminas y minerales' }],
    status: 'active',
    toolCount: 1,
    author: { id: 10, display_name: 'Carolina Mejía', role: 'doctor' },
  };
  prescriptionFixtures.strategies[mockPatient] = { own: [strategy], others: [] };
  // The seed has no medical request nor invitation: one of each on the server (the mock has its own fixtures).
  const medicalRequest = {
    names: 'Sofía',
    last_names: 'Cárdenas Mora',
    email: 'sofia.contrato@prueba.test',
    country_id: 1,
    country_code: '+57',
    mobile_number: '310 555 0101',
    description: 'Cansancio persistente y problemas de sueño desde hace meses.',
  };
  const requested = await ctx.app.request('/api/medical-requests', jsonRequest('POST', medicalRequest));
  expect(requested.status, await requested.clone().text()).toBe(201);
  const invitation = {
    email: 'invitada.contrato@prueba.test',
    documentNumber: null,
    firstName: 'Ana',
    lastName: 'Ruiz',
  };
  const invited = await ctx.app.request('/api/invitations', jsonRequest('POST', invitation, callerHeaders('doctor')));
  expect(invited.status, await invited.clone().text()).toBe(201);
  invitationTokens.server = invitationTokenOf(((await invited.json()) as { link: string }).link);
});

afterAll(async () => {
  await ctx.close();
});

async function bodyOf(response: Response | undefined, side: string, path: string, status = 200): Promise<unknown> {
  if (!response) throw new Error(`${side}: no answer to ${path}`);
  expect(response.status, `${side} ${path}: ${await response.clone().text()}`).toBe(status);
  return response.json();
}

function callerHeaders(caller: Caller): Record<string, string> {
  const token = caller ? tokens.get(caller) : undefined;
  return token ? authHeaders(token, 'co') : {};
}

async function fromServer(path: string, caller: Caller): Promise<unknown> {
  return bodyOf(await ctx.app.request(`/api${path}`, { headers: callerHeaders(caller) }), 'server', path);
}

/** A request to the mock with its session convention (src/testing/session.ts): a session cookie per country. */
function mockRequest(path: string, caller: Caller, body?: unknown, method = 'POST'): Request {
  const profile = knownProfiles.find((candidate) => candidate.email === (caller ? EMAILS[caller] : ''));
  if (profile) acceptSession('co', profile);
  return new Request(`${TEST_API}${path}`, {
    headers: { 'x-country': 'co', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { method, body: JSON.stringify(body) }),
  });
}

async function fromMock(path: string, caller: Caller): Promise<unknown> {
  return bodyOf(await getResponse(HANDLERS, mockRequest(path, caller)), 'mock', path);
}

/**
 * A path whose `:user` is the caller's id on each side (the demo users' ids differ from the fixtures'), whose
 * `:invitation` is each side's invitation token and whose `:source` is the server's order source id.
 */
function pathFor(path: string, caller: Caller, side: 'mock' | 'server'): string {
  const filled = path.replace(':invitation', invitationTokens[side]).replace(':source', orderSourceId);
  if (!caller) return filled;
  const id = side === 'server' ? serverIds.get(caller) : knownProfiles.find((p) => p.email === EMAILS[caller])?.id;
  return filled.replace(':user', String(id));
}

/** The id of the first element of a list body (`data[]` or a bare array), for the detail probes. */
function firstId(body: unknown): string {
  const list = Array.isArray(body) ? body : (body as { data: { id: number }[] }).data;
  const first = (list as { id: number }[])[0];
  if (!first) throw new Error('the list is empty: no detail to compare');
  return String(first.id);
}

async function compare(path: string, caller: Caller): Promise<string[]> {
  const mock = await fromMock(pathFor(path, caller, 'mock'), caller);
  const server = await fromServer(pathFor(path, caller, 'server'), caller);
  return differences(shapeOf(mock), shapeOf(server), '');
}

/**
 * The same write (method, path, body, caller) to both sides; both must answer `status`, in the same shape. A path's
 * `:id` is the first id of `listPath` on each side.
 */
async function compareWrite(
  method: string,
  path: string,
  body: unknown,
  caller: Caller,
  status: number,
  listPath?: string,
) {
  const ids = listPath
    ? { mock: firstId(await fromMock(listPath, caller)), server: firstId(await fromServer(listPath, caller)) }
    : { mock: '', server: '' };
  const mock = await bodyOf(
    await getResponse(HANDLERS, mockRequest(path.replace(':id', ids.mock), caller, body, method)),
    'mock',
    `${method} ${path}`,
    status,
  );
  const server = await bodyOf(
    await ctx.app.request(`/api${path.replace(':id', ids.server)}`, jsonRequest(method, body, callerHeaders(caller))),
    'server',
    `${method} ${path}`,
    status,
  );
  return differences(shapeOf(mock), shapeOf(server), '');
}

async function compareDetail(listPath: string, detailPath: string, caller: Caller): Promise<string[]> {
  const mockId = firstId(await fromMock(listPath, caller));
  const serverId = firstId(await fromServer(listPath, caller));
  const mock = await fromMock(detailPath.replace(':id', mockId), caller);
  const server = await fromServer(detailPath.replace(':id', serverId), caller);
  return differences(shapeOf(mock), shapeOf(server), '');
}

describe('the msw handlers answer in the shapes of the server', () => {
  it.each<[string, Caller]>([
    ['/products?country_id=1&limit=24&offset=0', null],
    ['/products?country_id=1&featured=true&limit=4&offset=0', null],
    ['/products/categories?country_id=1', null],
    ['/products/pharmaceutical-forms?country_id=1', null],
    ['/countries', null],
    ['/patients?page=1&limit=20', 'doctor'],
    ['/prescriptions?page=1&limit=20', 'doctor'],
    ['/prescription-templates', 'doctor'],
    ['/prescription-settings', 'doctor'],
    ['/me/prescriptions', 'patient'],
    ['/orders?page=1&limit=10', 'patient'],
    ['/gamification/users/:user/points', 'patient'],
    ['/gamification/history/unified/:user?page=1&limit=10', 'patient'],
    ['/credentials', 'doctor'],
    ['/addresses', 'patient'],
    ['/reminders', 'patient'],
    ['/push/subscriptions', 'patient'],
    ['/contact-settings/co', null],
    ['/forms/registro-medico', null],
    ['/forms/registro-paciente', null],
    ['/invitations/:invitation', null],
    ['/privacy/consent', 'patient'],
    ['/admin/contact-settings', 'admin'],
    ['/admin/affiliates', 'admin'],
    ['/admin/medical-requests?page=1', 'admin'],
    ['/admin/catalogue-options', 'admin'],
    ['/admin/products?page=1', 'admin'],
    ['/admin/promo-codes', 'admin'],
    ['/auth/profile', 'patient'],
    ['/auth/sso/validate', 'doctor'],
    ['/favorites', 'patient'],
    ['/push/public-key', 'patient'],
    ['/documents', 'doctor'],
    ['/gamification/config', 'patient'],
    ['/gamification/events/country/1', 'patient'],
    ['/gamification/combos/country/1', 'patient'],
    ['/gamification/products/by-country/1', 'patient'],
    ['/gamification/history/events/:user', 'patient'],
    ['/gamification/history/combos/:user', 'patient'],
    ['/gamification/history/products/:user', 'patient'],
    ['/gamification/events', 'admin'],
    ['/gamification/combos', 'admin'],
    ['/gamification/products', 'admin'],
    ['/admin/hormone-orders', 'admin'],
    ['/orders/source/:source/country/1', 'patient'],
    ['/orders/by_source/:source', 'patient'],
  ])('GET %s (%s)', async (path, caller) => {
    expect(await compare(path, caller)).toEqual([]);
  });

  it.each<[string, string, Caller]>([
    ['/products?country_id=1&limit=1&offset=0', '/products/:id?country_id=1', null],
    ['/patients?page=1&limit=20', '/patients/:id', 'doctor'],
    ['/prescriptions?page=1&limit=20', '/prescriptions/:id', 'doctor'],
    ['/me/prescriptions', '/me/prescriptions/:id', 'patient'],
    ['/prescription-templates', '/prescription-templates/:id', 'doctor'],
    ['/orders?page=1&limit=10', '/orders/:id', 'patient'],
    ['/patients?page=1&limit=20', '/patients/:id/adherence', 'doctor'],
    ['/patients?page=1&limit=20', '/patients/:id/strategies', 'doctor'],
  ])('GET %s then %s (%s)', async (listPath, detailPath, caller) => {
    expect(await compareDetail(listPath, detailPath, caller)).toEqual([]);
  });
});

describe('the msw handlers answer the same writes in the shapes of the server', () => {
  it('PUT /admin/prescription-settings (admin), with the settings the server holds', async () => {
    const settings = await fromServer('/prescription-settings', 'doctor');
    expect(await compareWrite('PUT', '/admin/prescription-settings', settings, 'admin', 200)).toEqual([]);
  });

  it('PUT /admin/contact-settings/co (admin)', async () => {
    const channel = { phone: '+57 601 555 0111', chatNumber: '57 301 555 0111' };
    expect(await compareWrite('PUT', '/admin/contact-settings/co', channel, 'admin', 200)).toEqual([]);
  });

  it('POST /admin/promo-codes (admin)', async () => {
    const code = {
      code: 'CONTRATO10',
      discountType: 'percentage',
      value: 10,
      active: true,
      maxUses: 50,
      maxUsesPerUser: 1,
      countries: [],
    };
    expect(await compareWrite('POST', '/admin/promo-codes', code, 'admin', 201)).toEqual([]);
  });

  it('POST /forms/registro-medico/validate (public), with an e-mail both sides already have', async () => {
    const values = { first_name: 'Ana', email: 'medico.co@demo.test' };
    expect(await compareWrite('POST', '/forms/registro-medico/validate', values, null, 200)).toEqual([]);
  });

  it('PATCH /admin/medical-requests/:id (admin), the first request of each side', async () => {
    expect(
      await compareWrite(
        'PATCH',
        '/admin/medical-requests/:id',
        { status: 'contacted' },
        'admin',
        200,
        '/admin/medical-requests?page=1',
      ),
    ).toEqual([]);
  });

  it('POST /admin/affiliates/:id/reject (admin), the first pending professional of each side', async () => {
    expect(
      await compareWrite(
        'POST',
        '/admin/affiliates/:id/reject',
        { reason: 'La tarjeta profesional no es legible.' },
        'admin',
        200,
        '/admin/affiliates?status=pending',
      ),
    ).toEqual([]);
  });

  it('POST /privacy/consent (patient), accepting the current version', async () => {
    expect(await compareWrite('POST', '/privacy/consent', { version: 1 }, 'patient', 200)).toEqual([]);
  });
});

describe('the shape comparison', () => {
  it('reports a changed type, a key only the mock has and a key the server always sends, by path', () => {
    const mock = { data: [{ id: 1, price: 100, extra: true }], total: 1 };
    const server = {
      data: [
        { id: 1, price: '100', discounts: [] },
        { id: 2, price: null, discounts: [{ v: 1 }] },
      ],
      total: 2,
    };
    expect(differences(shapeOf(mock), shapeOf(server), '')).toEqual([
      '.data[].price: mock number, server string',
      '.data[].extra: only in the mock',
      '.data[].discounts: the server always sends it, the mock never',
    ]);
  });

  it('lets null, an empty array and a key the server sends only sometimes match anything', () => {
    expect(differences(shapeOf({ data: [], note: null }), shapeOf({ data: [{ id: 1 }], note: 'texto' }), '')).toEqual(
      [],
    );
    expect(differences(shapeOf([{ id: 1 }]), shapeOf([{ id: 1, label: 'a' }, { id: 2 }]), '')).toEqual([]);
  });
});
