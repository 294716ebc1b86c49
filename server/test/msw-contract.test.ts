import { randomUUID } from 'node:crypto';
import { getResponse, type RequestHandler } from 'msw';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileDto } from '../../src/lib/shared/accounts';
import type { PatientAdherenceDto } from '../../src/lib/shared/adherence';
import { TEST_API } from '../../src/testing/api-url';
import { accountFixtures, accountHandlers, resetAccountFixtures } from '../../src/testing/handlers/account';
import { adherenceFixtures, adherenceHandlers, buildProductAdherence } from '../../src/testing/handlers/adherence';
import { adminLibraryHandlers } from '../../src/testing/handlers/admin-library';
import {
  adminMedicalRequestHandlers,
  buildMedicalRequest,
  resetMedicalRequestFixtures,
} from '../../src/testing/handlers/admin-medical-requests';
import { adminPrescriptionSettingsHandlers } from '../../src/testing/handlers/admin-prescription-settings';
import { adminProductHandlers, resetAdminProductFixtures } from '../../src/testing/handlers/admin-products';
import { adminPromoCodeHandlers, resetAdminPromoCodeFixtures } from '../../src/testing/handlers/admin-promo-codes';
import {
  acceptSession,
  authHandlers,
  knownProfiles,
  resetAuthFixtures,
  TEST_PASSWORD,
  TEST_RESET_TOKEN,
} from '../../src/testing/handlers/auth';
import { checkoutHandlers } from '../../src/testing/handlers/checkout';
import { clientErrorHandlers } from '../../src/testing/handlers/client-errors';
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
  buildStrategy,
  prescriptionFixtures,
  prescriptionHandlers,
} from '../../src/testing/handlers/prescriptions';
import { privacyFixtures, privacyHandlers } from '../../src/testing/handlers/privacy';
import { productHandlers } from '../../src/testing/handlers/products';
import { buildReminder, reminderFixtures, reminderHandlers } from '../../src/testing/handlers/reminders';
import { DEMO_PASSWORD } from '../src/db/seed/demo-users';
import { STARTING_BALANCE_POINTS } from '../src/db/seed/points-data';
import { renderTextPdf } from '../src/documents/pdf';
import {
  authHeaders,
  createTestContext,
  createUser,
  jsonRequest,
  lastEmailTo,
  sessionFor,
  userByEmail,
  type TestContext,
} from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  PDF,
  prescriptionOf,
  submitPaymentPage,
  VISA_APPROVED,
} from './orders-fixtures';
import { patientBody, prescribe, productIdOf, registerIdOf, tool } from './prescriptions-fixtures';
import { fakeBrowser } from './reminders-fixtures';
import { differences, shapeOf } from './support/json-shapes';
import { adminProductInput } from './support/admin-products';
import { invitationTokenOf } from './support/registration';
import { DHEA, MAGNESIO } from './support/seed-products';

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
 * devices, favourites, the credentials' history), only the envelope around the empty list is compared. The admin's
 * lists of medical requests and hormone orders and an invitation's preview have rows made in `beforeAll` on the
 * server (the mock has its own fixtures).
 * Writes (`WRITES`): every write a handler fakes is sent to both sides with the same body, and both must answer the
 * same status; the success is compared, and so is each refusal a handler fakes (its keys and their types: the
 * messages may differ). Where the two sides hold different ids, a row reads them from each side's own list first.
 */

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
  ...adminLibraryHandlers,
  ...clientErrorHandlers,
];

type Side = 'mock' | 'server';
/** `leaving` is a patient made in `beforeAll` on the server (the mock's patient there), who signs out and leaves. */
type Caller = 'admin' | 'doctor' | 'patient' | 'leaving' | null;
type Account = Exclude<Caller, null>;
const EMAILS = {
  admin: 'admin@demo.test',
  doctor: 'medico.co@demo.test',
  patient: 'paciente.co@demo.test',
} as const;
const MOCK_ACCOUNT: Record<Account, keyof typeof EMAILS> = {
  admin: 'admin',
  doctor: 'doctor',
  patient: 'patient',
  leaving: 'patient',
};
/** The invitation token each side knows (the mock's is fixed; the server's is made in `beforeAll`). */
const invitationTokens = { mock: 'invitacion-valida', server: '' };
/** The source id of the server's order, sent to both sides (the mock answers any). */
let orderSourceId = '';
/**
 * What the two sides hold differently beyond ids: the accounts' password, the e-mail and document of an account that
 * logs in (on the server one of its own: a login ends the session the account had in that country), a product (the
 * mock prices any id), a serial number, the token of a password-reset link. The server's are set in `beforeAll`.
 */
const known: Record<
  Side,
  { password: string; email: string; document: string; product: number; serial: string; resetToken: string }
> = {
  mock: {
    password: TEST_PASSWORD,
    email: EMAILS.patient,
    document: mockProfile('patient').document_number ?? '',
    product: 1,
    serial: 'FM-VM-000001',
    resetToken: TEST_RESET_TOKEN,
  },
  server: { password: DEMO_PASSWORD, email: '', document: '', product: 0, serial: '', resetToken: '' },
};

let ctx: TestContext;
const tokens = new Map<Caller, string>();
const serverIds = new Map<Caller, number>();

function mockProfile(caller: Account): ProfileDto {
  const profile = knownProfiles.find((candidate) => candidate.email === EMAILS[MOCK_ACCOUNT[caller]]);
  if (!profile) throw new Error(`the mock has no ${caller}`);
  return profile;
}

/** A paid hormone order of the demo doctor, waiting for the review of its signed prescription. */
async function pendingHormoneOrder(dhea: number): Promise<void> {
  const doctor = { user: await userByEmail(ctx, EMAILS.doctor), headers: callerHeaders('doctor') };
  const prescriptionDocumentId = await prescriptionOf(ctx, doctor);
  const body = orderBody({ items: [{ productId: dhea, quantity: 1 }], prescriptionDocumentId });
  const { payment } = await createdOrder(ctx, doctor.headers, body);
  expect((await submitPaymentPage(ctx, payment.id, card(VISA_APPROVED))).status).toBe(303);
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const caller of ['admin', 'doctor', 'patient'] as const) {
    tokens.set(caller, await sessionFor(ctx, EMAILS[caller]));
    serverIds.set(caller, (await userByEmail(ctx, EMAILS[caller])).id);
  }
  const leaving = await createUser(ctx, { role: 'patient' });
  tokens.set('leaving', await sessionFor(ctx, leaving.email));
  serverIds.set('leaving', leaving.id);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e7d5b' } })
    .png()
    .toBuffer();
  pngFile = new File([new Uint8Array(png)], 'foto.png', { type: 'image/png' });
  await fillMock();
  await fillServer();
  // A template made by the same request on both sides (the mock ignores the product id the server checks).
  const template = { name: 'Plantilla del contrato', tools: [tool(known.server.product)] };
  const created = [
    await getResponse(HANDLERS, mockRequest('/prescription-templates', 'doctor', template)),
    await ctx.app.request('/api/prescription-templates', jsonRequest('POST', template, callerHeaders('doctor'))),
  ];
  for (const response of created) expect(response?.status, await response?.clone().text()).toBe(201);
});

/** The fake's lists start empty (each component test fills its own): one element each, as the tests build them. */
async function fillMock(): Promise<void> {
  prescriptionFixtures.prescriptions = [buildPrescriptionDetail()];
  orderFixtures.orders = [buildOrder()];
  pointsFixtures.history = [buildHistoryEntry()];
  reminderFixtures.reminders = [buildReminder()];
  prescriptionFixtures.documents = [buildLibraryDocument()];
  pointsFixtures.events = [buildEvent()];
  pointsFixtures.combos = [buildCombo()];
  pointsFixtures.products = [buildPointProduct()];
  resetAccountFixtures();
  resetMedicalRequestFixtures([buildMedicalRequest()]);
  resetAdminProductFixtures();
  resetAdminPromoCodeFixtures();
  // Two of what the writes review twice (approve one, reject the other), and the seed's points to spend.
  orderFixtures.hormoneOrders = [buildHormoneOrder(), buildHormoneOrder()];
  const [pending] = accountFixtures.affiliates;
  accountFixtures.affiliates.push({ ...pending!, id: 31, email: 'pendiente2.co@demo.test' });
  pointsFixtures.balances.set(mockProfile('doctor').id, STARTING_BALANCE_POINTS);
  // The seed gives every country a channel: one here too, so the types are compared, not only nulls.
  setContactSettings('co', {
    phone: '+57 601 555 0100',
    chatNumber: '573015550100',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
  // The adherence and strategies of the mock's first patient: the server's follow from its prescription.
  const mockPatient = Number(firstId(await fromMock('/patients?page=1&limit=20', 'doctor')));
  adherenceFixtures.products[mockPatient] = [buildProductAdherence()];
  prescriptionFixtures.strategies[mockPatient] = { own: [buildStrategy({ toolCount: 1 })], others: [] };
}

/** What the seed lacks for the probes, made through the API where it can be, and what the writes need to know. */
async function fillServer(): Promise<void> {
  const magnesium = await productIdOf(ctx, MAGNESIO);
  known.server.product = magnesium;
  known.server.serial = (
    await ctx.database.db
      .selectFrom('products')
      .select('serial_number')
      .where('id', '=', magnesium)
      .executeTakeFirstOrThrow()
  ).serial_number;
  const signing = await createUser(ctx, { role: 'patient' });
  known.server.email = signing.email;
  known.server.document = signing.document_number ?? '';
  // A second professional awaiting approval: one is approved, the other rejected.
  await createUser(ctx, { role: 'doctor', approval: 'pending' });
  // The seed has no prescriptions nor orders: one of each, so the detail probes have something to compare.
  await prescribe(
    ctx,
    { token: tokens.get('doctor')! },
    {
      patientId: await registerIdOf(ctx, EMAILS.patient),
      tools: [tool(magnesium)],
    },
  );
  await createdOrder(ctx, callerHeaders('patient'), orderBody({ items: [{ productId: magnesium, quantity: 1 }] }));
  const orders = (await fromServer('/orders?page=1&limit=10', 'patient')) as { data: { sourceId: string }[] };
  orderSourceId = orders.data[0]!.sourceId;
  for (let count = 0; count < 2; count += 1) await pendingHormoneOrder(await productIdOf(ctx, DHEA));
  // No medical request nor invitation either: one of each (the mock has its own fixtures).
  const requested = await ctx.app.request('/api/medical-requests', jsonRequest('POST', medicalRequest('sofia')));
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
  // A password-reset link of an account of its own (confirming it ends that account's sessions).
  const forgetful = await createUser(ctx, { role: 'patient' });
  const asked = await ctx.app.request(
    '/api/auth/password-reset/request',
    jsonRequest('POST', { email: forgetful.email }, { 'x-country': 'co' }),
  );
  expect(asked.status, await asked.clone().text()).toBe(200);
  const email = await lastEmailTo(ctx, forgetful.email);
  known.server.resetToken = /#token=([\w-]+)/.exec(email?.text ?? '')?.[1] ?? '';
}

afterAll(async () => {
  await ctx.close();
});

function medicalRequest(name: string) {
  return {
    names: 'Sofía',
    last_names: 'Cárdenas Mora',
    email: `${name}.contrato@prueba.test`,
    country_id: 1,
    country_code: '+57',
    mobile_number: '310 555 0101',
    description: 'Cansancio persistente y problemas de sueño desde hace meses.',
  };
}

async function bodyOf(response: Response | undefined, side: string, path: string, status = 200): Promise<unknown> {
  if (!response) throw new Error(`${side}: no answer to ${path}`);
  expect(response.status, `${side} ${path}: ${await response.clone().text()}`).toBe(status);
  return status === 204 ? null : response.json();
}

function callerHeaders(caller: Caller): Record<string, string> {
  const token = caller ? tokens.get(caller) : undefined;
  return token ? authHeaders(token, 'co') : { 'x-country': 'co' };
}

async function fromServer(path: string, caller: Caller): Promise<unknown> {
  return bodyOf(await ctx.app.request(`/api${path}`, { headers: callerHeaders(caller) }), 'server', path);
}

/**
 * The mock's session convention (src/testing/session.ts): a session cookie per country, for the caller's profile; a
 * caller without an account has none.
 */
function mockSession(caller: Caller): void {
  if (caller) acceptSession('co', mockProfile(caller));
  else resetAuthFixtures();
}

function mockRequest(path: string, caller: Caller, body?: unknown, method = 'POST'): Request {
  mockSession(caller);
  return new Request(`${TEST_API}${path}`, {
    headers: { 'x-country': 'co', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { method, body: JSON.stringify(body) }),
  });
}

async function fromMock(path: string, caller: Caller): Promise<unknown> {
  return bodyOf(await getResponse(HANDLERS, mockRequest(path, caller)), 'mock', path);
}

function fromSide(side: Side, path: string, caller: Caller): Promise<unknown> {
  const filled = pathFor(path, caller, side);
  return side === 'mock' ? fromMock(filled, caller) : fromServer(filled, caller);
}

/**
 * A path whose `:user` is the caller's id on each side (the demo users' ids differ from the fixtures'), whose
 * `:invitation` is each side's invitation token and whose `:source` is the server's order source id.
 */
function pathFor(path: string, caller: Caller, side: Side): string {
  const filled = path.replace(':invitation', invitationTokens[side]).replace(':source', orderSourceId);
  if (!caller) return filled;
  return filled.replace(':user', String(userIdOf(caller, side)));
}

function userIdOf(caller: Account, side: Side): number | undefined {
  return side === 'server' ? serverIds.get(caller) : mockProfile(caller).id;
}

type Item = { id: number } & Record<string, unknown>;

/** The elements of a list body (`data[]` or a bare array). */
function itemsOf(body: unknown): Item[] {
  return (Array.isArray(body) ? body : (body as { data: unknown[] }).data) as Item[];
}

/** The id of the first element of a list body, for the detail probes. */
function firstId(body: unknown): string {
  const first = itemsOf(body)[0];
  if (!first) throw new Error('the list is empty: no detail to compare');
  return String(first.id);
}

async function compare(path: string, caller: Caller): Promise<string[]> {
  const [mock, server] = [await fromSide('mock', path, caller), await fromSide('server', path, caller)];
  return differences(shapeOf(mock), shapeOf(server), '');
}

async function compareDetail(listPath: string, detailPath: string, caller: Caller): Promise<string[]> {
  const mockId = firstId(await fromMock(listPath, caller));
  const serverId = firstId(await fromServer(listPath, caller));
  const mock = await fromMock(detailPath.replace(':id', mockId), caller);
  const server = await fromServer(detailPath.replace(':id', serverId), caller);
  return differences(shapeOf(mock), shapeOf(server), '');
}

type Params = Record<string, string>;
type Body = object;

/**
 * One write sent to both sides: the same method, path, body and kind of caller; both must answer `status`, and the
 * answers are compared by shape (a refusal's `message` is a string on both sides, whatever it says).
 */
interface WriteProbe {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:name` parts are filled from `params`, on each side. */
  path: string;
  caller: Caller;
  status: number;
  /** What the row shows, for the test's name: the case a refusal is about. */
  about: string;
  /** The path's parameters on each side (the two hold different ids), read just before the write. */
  params?: (side: Side) => Promise<Params>;
  body?: Body | ((side: Side, params: Params) => Body | Promise<Body>);
  /** Sent as `multipart/form-data` (the body's values are strings or files), as the app uploads. */
  form?: boolean;
  /** Sent with an `Idempotency-Key`, as the app sends this write. */
  idempotent?: boolean;
}

/** `:id` is the id of the first element of `listPath` (that `pick` keeps, when given) on each side. */
function firstOf(listPath: string, caller: Caller, pick: (item: Item) => boolean = () => true) {
  return async (side: Side): Promise<Params> => {
    const found = itemsOf(await fromSide(side, listPath, caller)).find(pick);
    if (!found) throw new Error(`${side}: nothing in ${listPath} to write to`);
    return { id: String(found.id) };
  };
}

const named = (name: string) => (item: Item) => item.name === name;

function encoded(probe: WriteProbe, body: Body | undefined): Pick<RequestInit, 'body'> & { type?: string } {
  if (body === undefined) return {};
  if (!probe.form) return { body: JSON.stringify(body), type: 'application/json' };
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) form.append(key, value as string | Blob);
  return { body: form };
}

async function answerOf(probe: WriteProbe, side: Side): Promise<unknown> {
  const params = (await probe.params?.(side)) ?? {};
  const path = probe.path.replace(/:(\w+)/g, (part, name: string) => params[name] ?? part);
  const sent = typeof probe.body === 'function' ? await probe.body(side, params) : probe.body;
  const { body, type } = encoded(probe, sent);
  const headers: Record<string, string> = {
    ...(side === 'server' ? callerHeaders(probe.caller) : { 'x-country': 'co' }),
    ...(type ? { 'content-type': type } : {}),
    // An order's key is its source id, as the checkout sends it.
    ...(probe.idempotent ? { 'idempotency-key': (sent as { sourceId?: string }).sourceId ?? randomUUID() } : {}),
  };
  const init = { method: probe.method, headers, body };
  mockSession(probe.caller);
  const response =
    side === 'mock'
      ? await getResponse(HANDLERS, new Request(`${TEST_API}${path}`, init))
      : await ctx.app.request(`/api${path}`, init);
  return bodyOf(response, side, `${probe.method} ${path}`, probe.status);
}

const DAY_MS = 86_400_000;
const GUIDE_PDF = renderTextPdf({ title: 'Guía', paragraphs: ['Guía del contrato.'] });
const PDF_FILE = new File([new Uint8Array(GUIDE_PDF)], 'guia.pdf', { type: 'application/pdf' });
const TEXT_FILE = new File(['no soy una imagen'], 'foto.png', { type: 'image/png' });
let pngFile: File;
const ADMIN_PRODUCT = adminProductInput({
  name: 'Producto del contrato',
  slug: 'producto-del-contrato',
  serialNumber: 'CONTRATO-0001',
});
const PROMO_CODE = {
  code: 'CONTRATO10',
  discountType: 'percentage',
  value: 10,
  active: true,
  maxUses: 50,
  maxUsesPerUser: 1,
  countries: [],
};
const DOCUMENT = { kind: 'template', title: 'Guía del contrato', description: 'Para el contrato.', countryId: '1' };
const POINTS_ITEMS = {
  events: {
    name: 'Evento del contrato',
    requiredPoints: 100,
    countries: [1],
    startDate: new Date(Date.now() - DAY_MS).toISOString(),
    endDate: new Date(Date.now() + 30 * DAY_MS).toISOString(),
  },
  combos: { name: 'Combo del contrato', requiredPoints: 100, countries: [1] },
  products: { name: 'Producto de puntos del contrato', priceInPoints: 100, countries: [1] },
};
const pointsItem = (listPath: string, name: string) => firstOf(listPath, 'doctor', named(name));
const contractEvent = pointsItem('/gamification/events/country/1', POINTS_ITEMS.events.name);
const contractPointProduct = pointsItem('/gamification/products/by-country/1', POINTS_ITEMS.products.name);
const joining = (_side: Side, { id }: Params) => ({ eventId: Number(id) });
const redeeming =
  (quantity: number) =>
  (_side: Side, { id }: Params) => ({ productId: Number(id), quantity });
const pendingHormone = firstOf('/admin/hormone-orders?status=pending_prescription', 'admin');
const quote = (side: Side) => ({
  countryId: 1,
  items: [{ productId: known[side].product, quantity: 1 }],
  pointItems: [],
  promoCode: null,
  discountPoints: 0,
});
/** A prescription of the first patient each side lists, as the editor sends it (notes included, even empty). */
const prescription = (side: Side, { id }: Params) => ({
  patientId: Number(id),
  notes: '',
  tools: [tool(known[side].product)],
});
const login = (side: Side, password = known[side].password) => ({ email: known[side].email, password });
const subscription = { ...fakeBrowser('https://push.example.com/contrato').subscription, language: 'es' };
/** The product of the contract with an image: its id and its first image's. */
async function productImage(side: Side): Promise<Params> {
  const [product] = itemsOf(await fromSide(side, '/admin/products?page=1&search=contrato', 'admin'));
  const [image] = (product?.images ?? []) as { id: number }[];
  return { id: String(product?.id), image: String(image?.id) };
}
/** The patient the doctor prescribed to in `beforeAll` (the mock's first), and the first product followed. */
async function followedProduct(side: Side): Promise<Params> {
  const patient =
    side === 'server'
      ? String(await registerIdOf(ctx, EMAILS.patient))
      : firstId(await fromMock('/patients?page=1&limit=20', 'doctor'));
  const adherence = (await fromSide(side, `/patients/${patient}/adherence`, 'doctor')) as PatientAdherenceDto;
  return { patient, product: String(adherence.products[0]?.productId) };
}

/** A row of the table: what is sent, by whom, the status both sides must answer, and the rest of the probe. */
const write = (
  method: WriteProbe['method'],
  path: string,
  caller: Caller,
  status: number,
  rest: Partial<Omit<WriteProbe, 'method' | 'path' | 'caller' | 'status'>> = {},
): WriteProbe => ({ method, path, caller, status, about: '', ...rest });

const WRONG_PASSWORD = 'NoEsLaClave1';
/** An id neither side has, for the handlers' 404s. */
const nothingThere = async (): Promise<Params> => ({ id: '999999' });
const CONTRACT_PRODUCTS = '/admin/products?page=1&search=contrato';
const contractProduct = firstOf(CONTRACT_PRODUCTS, 'admin');
const pendingAffiliate = firstOf('/admin/affiliates?status=pending', 'admin');
const firstRequest = firstOf('/admin/medical-requests?page=1', 'admin');
const firstPatient = firstOf('/patients?page=1&limit=20', 'doctor');
const REGISTRATION = {
  first_name: 'Valentina',
  last_name: 'Arango Pérez',
  specialty: 'Medicina funcional',
  professional_license_number: 'RM-90807060',
  document_type_id: '1',
  document_number: '90807060',
  gender: 'femenino',
  birth_date: '1985-04-12',
  phone_number: '310 555 0101',
  email: 'valentina.contrato@prueba.test',
  password: 'Clave12345',
  password_confirmation: 'Clave12345',
  heard_from: 'colega',
  terms: true,
  health_data_consent: true,
};

/**
 * Every write an msw handler fakes, with the refusals the handlers fake, in an order where each finds what it needs
 * (a second review needs a first).
 */
const WRITES: WriteProbe[] = [
  // Accounts and sessions (a login ends the account's other session in the country: its own account on the server).
  write('POST', '/auth/email-login', null, 200, { body: (side) => login(side) }),
  write('POST', '/auth/email-login', null, 401, {
    about: 'a wrong password',
    body: (side) => login(side, WRONG_PASSWORD),
  }),
  write('POST', '/auth/document-login', null, 200, {
    body: (side) => ({ document: known[side].document, password: known[side].password }),
  }),
  write('POST', '/auth/document-login', null, 401, {
    about: 'a wrong password',
    body: (side) => ({ document: known[side].document, password: WRONG_PASSWORD }),
  }),
  write('POST', '/auth/password-reset/request', null, 200, { body: { email: EMAILS.patient } }),
  write('POST', '/auth/password-reset/confirm', null, 400, {
    about: 'a link that does not exist',
    body: { token: 'enlace-que-no-existe-0000000000000000000', password: 'NuevaClave123' },
  }),
  write('POST', '/auth/password-reset/confirm', null, 200, {
    body: (side) => ({ token: known[side].resetToken, password: 'NuevaClave123' }),
  }),
  write('POST', '/auth/dynamic/register/registro-medico', null, 201, { body: REGISTRATION }),
  write('POST', '/forms/registro-medico/validate', null, 200, {
    about: 'a taken e-mail',
    body: { first_name: 'Ana', email: EMAILS.doctor },
  }),
  write('PATCH', '/auth/profile', 'patient', 200, { body: { phone_number: '3105550123' } }),
  write('POST', '/credentials', 'doctor', 201, {
    about: 'a signed prescription',
    form: true,
    body: (side) => ({
      files: new File([new Uint8Array(PDF)], 'formula.pdf'),
      userId: String(userIdOf('doctor', side)),
      documentType: 'formula-hormonal',
    }),
  }),
  write('POST', '/admin/affiliates/:id/approve', 'admin', 200, { params: pendingAffiliate, body: {} }),
  write('POST', '/admin/affiliates/:id/reject', 'admin', 200, {
    params: pendingAffiliate,
    body: { reason: 'La tarjeta profesional no es legible.' },
  }),
  // Privacy: the leaving patient revokes, deletes the account and signs out.
  write('POST', '/admin/affiliates/:id/approve', 'admin', 404, {
    about: 'a professional that does not exist',
    params: nothingThere,
    body: {},
  }),
  write('POST', '/privacy/consent', 'patient', 200, { body: { version: 1 } }),
  write('POST', '/privacy/consent', 'patient', 409, {
    about: 'a version that is not the current one',
    body: { version: 99 },
  }),
  write('POST', '/privacy/consent/revoke', 'leaving', 200),
  write('POST', '/privacy/delete-account', 'leaving', 400, {
    about: 'a wrong password',
    body: { password: WRONG_PASSWORD, confirmation: 'ELIMINAR' },
  }),
  write('POST', '/privacy/delete-account', 'leaving', 200, {
    body: (side) => ({
      password: side === 'mock' ? privacyFixtures.password : DEMO_PASSWORD,
      confirmation: 'ELIMINAR',
    }),
  }),
  write('POST', '/auth/logout', 'leaving', 204),
  // The catalogue and the checkout.
  write('POST', '/products/search-by-serial', null, 200, { body: (side) => ({ number_serial: known[side].serial }) }),
  write('POST', '/products/search-by-serial', null, 404, {
    about: 'a serial no product has',
    body: { number_serial: 'NO-EXISTE-000' },
  }),
  write('POST', '/checkout/quote', 'patient', 200, { body: quote }),
  write('POST', '/checkout/quote', 'patient', 422, {
    about: 'a promo code that does not exist',
    body: (side) => ({ ...quote(side), promoCode: 'NOEXISTE' }),
  }),
  write('POST', '/orders', 'patient', 201, {
    idempotent: true,
    body: (side) => orderBody({ items: quote(side).items }),
  }),
  // Reminders and adherence.
  write('POST', '/push/subscriptions', 'patient', 200, { body: subscription }),
  write('DELETE', '/push/subscriptions', 'patient', 204, { body: subscription }),
  write('DELETE', '/push/subscriptions', 'patient', 404, { about: 'a device already gone', body: subscription }),
  write('POST', '/patients/:patient/adherence/:product/remind', 'doctor', 200, { params: followedProduct }),
  write('POST', '/patients/:patient/adherence/:product/remind', 'doctor', 409, {
    about: 'reminded already this week',
    params: followedProduct,
  }),
  // Patients, prescriptions, templates and medical requests.
  write('POST', '/patients', 'doctor', 201, { idempotent: true, body: () => patientBody() }),
  write('POST', '/patients', 'doctor', 409, {
    about: 'a patient already in the list',
    idempotent: true,
    params: async (side) => ({
      email: String(itemsOf(await fromSide(side, '/patients?page=1&limit=20', 'doctor'))[0]?.email),
    }),
    body: (_side, { email }) => patientBody({ email }),
  }),
  write('PATCH', '/patients/:id', 'doctor', 200, {
    params: firstOf('/patients?page=1&limit=20&search=Restrepo', 'doctor'),
    body: { phone_number: '3105550199' },
  }),
  write('POST', '/prescriptions', 'doctor', 201, { idempotent: true, params: firstPatient, body: prescription }),
  write('POST', '/prescriptions', 'doctor', 400, {
    about: 'without an Idempotency-Key',
    params: firstPatient,
    body: prescription,
  }),
  write('POST', '/prescriptions', null, 401, {
    about: 'without a session',
    idempotent: true,
    params: firstPatient,
    body: prescription,
  }),
  write('POST', '/prescriptions/:id/cancel', 'doctor', 200, {
    params: firstOf('/prescriptions?page=1&limit=20', 'doctor'),
  }),
  write('POST', '/prescription-templates', 'doctor', 201, {
    body: (side) => ({ name: 'Otra plantilla del contrato', tools: [tool(known[side].product)] }),
  }),
  write('POST', '/medical-requests', null, 201, { body: medicalRequest('camila') }),
  write('PATCH', '/admin/medical-requests/:id', 'admin', 200, { params: firstRequest, body: { status: 'contacted' } }),
  write('PATCH', '/admin/medical-requests/:id', 'admin', 400, {
    about: 'a status that does not exist',
    params: firstRequest,
    body: { status: 'perdida' },
  }),
  // The admin's settings, promo codes and document library.
  write('PUT', '/admin/prescription-settings', 'admin', 200, {
    about: 'the settings the server holds',
    body: async () => (await fromServer('/prescription-settings', 'doctor')) as Body,
  }),
  write('PUT', '/admin/contact-settings/co', 'admin', 200, {
    body: { phone: '+57 601 555 0111', chatNumber: '57 301 555 0111' },
  }),
  write('PUT', '/admin/contact-settings/co', 'admin', 400, {
    about: 'a phone with letters',
    body: { phone: 'llámenos', chatNumber: '57 301 555 0111' },
  }),
  write('POST', '/admin/promo-codes', 'admin', 201, { body: PROMO_CODE }),
  write('POST', '/admin/promo-codes', 'admin', 400, {
    about: 'a percentage over 100',
    body: { ...PROMO_CODE, code: 'CONTRATO150', value: 150 },
  }),
  write('PUT', '/admin/promo-codes/:id', 'admin', 200, {
    params: firstOf('/admin/promo-codes', 'admin', (item) => item.code === PROMO_CODE.code),
    body: { ...PROMO_CODE, maxUses: 60 },
  }),
  write('PUT', '/admin/promo-codes/:id', 'admin', 404, {
    about: 'a code that does not exist',
    params: nothingThere,
    body: PROMO_CODE,
  }),
  write('POST', '/admin/documents', 'admin', 201, { form: true, body: { ...DOCUMENT, file: PDF_FILE } }),
  write('POST', '/admin/documents', 'admin', 400, {
    about: 'without a title',
    form: true,
    body: { ...DOCUMENT, title: '', file: PDF_FILE },
  }),
  write('POST', '/admin/documents', 'admin', 400, {
    about: 'without a file',
    form: true,
    body: DOCUMENT,
  }),
  write('POST', '/admin/documents', 'admin', 415, {
    about: 'a file that is no PDF nor image',
    form: true,
    body: { ...DOCUMENT, file: new File(['MZ no soy un pdf'], 'falso.pdf', { type: 'application/pdf' }) },
  }),
  write('POST', '/admin/documents', 'admin', 415, {
    about: 'a file that is not what its name says',
    form: true,
    body: () => ({ ...DOCUMENT, file: new File([pngFile], 'guia.pdf', { type: 'application/pdf' }) }),
  }),
  write('PUT', '/admin/documents/:id', 'admin', 200, {
    about: 'the title only',
    form: true,
    params: firstOf('/documents', 'doctor', (item) => item.title === DOCUMENT.title),
    body: { ...DOCUMENT, title: 'Guía del contrato, segunda edición' },
  }),
  write('DELETE', '/admin/documents/:id', 'admin', 204, { params: firstOf('/documents', 'doctor') }),
  // The admin's products.
  write('POST', '/admin/products', 'admin', 201, { body: ADMIN_PRODUCT }),
  write('POST', '/admin/products', 'admin', 409, {
    about: 'a slug another product has',
    body: { ...ADMIN_PRODUCT, slug: MAGNESIO, serialNumber: 'CONTRATO-0002' },
  }),
  write('POST', '/admin/products', 'admin', 400, {
    about: 'a negative price',
    body: {
      ...ADMIN_PRODUCT,
      slug: 'otro-del-contrato',
      prices: { co: { amount: -1, vatIncluded: true }, mx: null, pe: null },
    },
  }),
  write('PUT', '/admin/products/:id', 'admin', 200, {
    params: contractProduct,
    body: { ...ADMIN_PRODUCT, description: 'Editado por el contrato.' },
  }),
  write('POST', '/admin/products/:id/images', 'admin', 201, {
    form: true,
    params: contractProduct,
    body: () => ({ file: pngFile }),
  }),
  write('POST', '/admin/products/:id/images', 'admin', 415, {
    about: 'a file that is no image',
    form: true,
    params: contractProduct,
    body: { file: TEXT_FILE },
  }),
  write('DELETE', '/admin/products/:id/images/:image', 'admin', 200, { params: productImage }),
  write('POST', '/admin/products/:id/deactivate', 'admin', 200, { params: contractProduct }),
  write('POST', '/admin/products/:id/activate', 'admin', 200, { params: contractProduct }),
  // Hormone orders: one approved, then approved again; the other refused without a reason, then with one.
  write('POST', '/admin/hormone-orders/:id/approve', 'admin', 200, { params: pendingHormone }),
  write('POST', '/admin/hormone-orders/:id/approve', 'admin', 409, {
    about: 'an order already released',
    params: firstOf('/admin/hormone-orders?status=released', 'admin'),
  }),
  write('POST', '/admin/hormone-orders/:id/reject', 'admin', 400, {
    about: 'without a reason',
    params: pendingHormone,
    body: { reason: '' },
  }),
  write('POST', '/admin/hormone-orders/:id/reject', 'admin', 200, {
    params: pendingHormone,
    body: { reason: 'La fórmula no tiene firma.' },
  }),
  // The points programme: the admin's settings and items, then the professional spends on them.
  write('PATCH', '/gamification/config/1', 'admin', 200, { body: { pointValue: 10 } }),
  write('PATCH', '/gamification/config/1', 'admin', 400, { about: 'a point worth nothing', body: { pointValue: 0 } }),
  ...(['events', 'combos', 'products'] as const).flatMap((kind) => [
    write('POST', `/gamification/${kind}`, 'admin', 201, { body: POINTS_ITEMS[kind] }),
    write('POST', `/gamification/${kind}`, 'admin', 400, {
      about: 'without a name',
      body: { ...POINTS_ITEMS[kind], name: '' },
    }),
    write('PATCH', `/gamification/${kind}/:id`, 'admin', 200, {
      params: firstOf(`/gamification/${kind}`, 'admin', named(POINTS_ITEMS[kind].name)),
      body: { description: 'Editado por el contrato.' },
    }),
    write('PATCH', `/gamification/${kind}/:id`, 'admin', 404, {
      about: 'an item that does not exist',
      params: nothingThere,
      body: { description: 'Nadie lo verá.' },
    }),
  ]),
  write('POST', '/gamification/participate-event', 'doctor', 200, {
    idempotent: true,
    params: contractEvent,
    body: joining,
  }),
  write('POST', '/gamification/participate-event', 'doctor', 409, {
    about: 'an event joined already',
    idempotent: true,
    params: contractEvent,
    body: joining,
  }),
  write('POST', '/gamification/buy-combo', 'doctor', 200, {
    idempotent: true,
    params: pointsItem('/gamification/combos/country/1', POINTS_ITEMS.combos.name),
    body: (_side, { id }) => ({ comboId: Number(id) }),
  }),
  write('POST', '/gamification/products/redeem', 'doctor', 200, {
    idempotent: true,
    params: contractPointProduct,
    body: redeeming(1),
  }),
  write('POST', '/gamification/redeem/batch', 'doctor', 200, {
    idempotent: true,
    params: contractPointProduct,
    body: (_side, { id }) => ({ products: [{ productId: Number(id), quantity: 1 }] }),
  }),
  write('POST', '/gamification/redeem/batch', 'doctor', 400, {
    about: 'no product',
    idempotent: true,
    body: { products: [] },
  }),
  write('POST', '/gamification/products/redeem', 'doctor', 422, {
    about: 'more than the balance',
    idempotent: true,
    params: contractPointProduct,
    body: redeeming(99),
  }),
  // The error screens' report.
  write('POST', '/client-errors', null, 204, {
    body: { name: 'TypeError', message: 'x is undefined', route: '/co/bolsa', release: '1.0.0' },
  }),
  write('POST', '/client-errors', null, 400, {
    about: 'a report without a name',
    body: { message: 'x is undefined', route: '/co/bolsa' },
  }),
];

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
  it.each(WRITES)('$method $path ($caller) → $status $about', async (probe) => {
    const mock = await answerOf(probe, 'mock');
    const server = await answerOf(probe, 'server');
    expect(differences(shapeOf(mock), shapeOf(server), '')).toEqual([]);
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
