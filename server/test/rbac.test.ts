import { createECDH, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody, ProductDto } from '../../src/lib/shared/api-types';
import { categories, products as seedProducts } from '../src/db/seed/catalogue-data';
import { DOCUMENT_QUERY_ALIASES } from '../../src/lib/shared/account-schemas';
import { authHeaders, createTestContext, jsonRequest, sessionFor, userByEmail, type TestContext } from './helpers';
import { createdOrder, orderBody, prescriptionOf, type Buyer } from './orders-fixtures';

/**
 * The RBAC walk: every API route with who may call it, called by every kind of caller. Ownership routes name their
 * owners; anybody else gets the same 404 as for something that does not exist.
 */
const ACTORS = [
  'anonymous',
  'patient',
  'doctor',
  'healthProfessional',
  'pendingDoctor',
  'admin',
  'otherDoctor',
  'otherPatient',
] as const;
type Actor = (typeof ACTORS)[number];
const ACTOR_EMAILS: Record<Exclude<Actor, 'anonymous'>, string> = {
  patient: 'paciente.co@demo.test', // invited by medico.co
  doctor: 'medico.co@demo.test',
  healthProfessional: 'profesional.co@demo.test',
  pendingDoctor: 'pendiente.co@demo.test',
  admin: 'admin@demo.test',
  otherDoctor: 'medico.mx@demo.test',
  otherPatient: 'paciente.mx@demo.test',
};
const AUTHENTICATED: Actor[] = ACTORS.filter((actor) => actor !== 'anonymous');
const APPROVED_PROFESSIONALS: Actor[] = ['doctor', 'healthProfessional', 'otherDoctor'];

interface Fixtures {
  credentialFileUrl: string;
  photoUrl: string;
  patientUid: string;
  doctorId: number;
  order: { id: number; sourceId: string };
  hormoneOrderId: number;
  /** The demo patient of Colombia in the register (linked to the doctor and the health professional). */
  registerPatientId: number;
  /** The demo patient's seeded prescription by the doctor. */
  prescriptionId: number;
  documentUrl: string;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** As registered (Hono syntax), to match the app's route table. */
  path: string;
  /** What the walk calls: the path itself unless the path has parameters or the call a query. */
  url?: (fixtures: Fixtures) => string;
  body?: unknown;
  multipart?: boolean;
  /** Who gets past the access check. */
  allowed: 'everyone' | Actor[];
  /** Ownership routes: exactly these get 200; other signed-in callers get 404. */
  owners?: Actor[];
}

const url = (path: string) => () => `/api${path}`;

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/health', allowed: 'everyone' },
  { method: 'GET', path: '/ready', allowed: 'everyone' },
  { method: 'GET', path: '/countries', allowed: 'everyone' },
  { method: 'GET', path: '/products', url: url('/products?limit=1'), allowed: 'everyone' },
  { method: 'GET', path: '/products/:id', url: url('/products/1'), allowed: 'everyone' },
  { method: 'GET', path: '/products/categories', allowed: 'everyone' },
  {
    method: 'GET',
    path: '/products/pharmaceutical-forms',
    url: url('/products/pharmaceutical-forms?category_id=1'),
    allowed: 'everyone',
  },
  { method: 'GET', path: '/products/discount-lists', allowed: 'everyone' },
  {
    method: 'POST',
    path: '/products/search-by-serial',
    body: { number_serial: 'no-existe' },
    allowed: 'everyone',
  },
  { method: 'GET', path: '/favorites', allowed: AUTHENTICATED },
  { method: 'GET', path: '/push/public-key', allowed: 'everyone' },
  { method: 'GET', path: '/push/subscriptions', allowed: AUTHENTICATED },
  {
    method: 'POST',
    path: '/push/subscriptions',
    body: {
      endpoint: 'https://push.example.test/rbac',
      expirationTime: null,
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
    allowed: AUTHENTICATED,
  },
  {
    method: 'DELETE',
    path: '/push/subscriptions',
    body: { endpoint: 'https://push.example.test/otra' },
    allowed: AUTHENTICATED,
  },
  { method: 'GET', path: '/reminders', allowed: AUTHENTICATED },
  { method: 'GET', path: '/privacy/consent', allowed: AUTHENTICATED },
  // A version nobody read: refused with 409 before anything is recorded.
  {
    method: 'POST',
    path: '/privacy/consent',
    body: { version: 9999 },
    allowed: AUTHENTICATED,
  },
  { method: 'GET', path: '/privacy/consents', allowed: AUTHENTICATED },
  { method: 'GET', path: '/privacy/export', allowed: AUTHENTICATED },
  // A wrong password: the walk must not delete nor revoke anybody (revocation is walked at the end of the table).
  {
    method: 'POST',
    path: '/privacy/delete-account',
    body: { password: 'no-es-la-clave', confirmation: 'ELIMINAR' },
    allowed: AUTHENTICATED,
  },
  { method: 'GET', path: '/admin/account-deletions', allowed: ['admin'] },
  { method: 'PUT', path: '/favorites/:productId', url: url('/favorites/1'), allowed: AUTHENTICATED },
  { method: 'DELETE', path: '/favorites/:productId', url: url('/favorites/1'), allowed: AUTHENTICATED },
  {
    method: 'POST',
    path: '/favorites/merge',
    body: { productIds: [1, 2] },
    allowed: AUTHENTICATED,
  },
  { method: 'GET', path: '/media/uploads/:id', url: url('/media/uploads/999999'), allowed: 'everyone' },
  {
    method: 'GET',
    path: '/media/products/:file',
    url: url('/media/products/magnesio-bisglicinato-400-mg.svg'),
    allowed: 'everyone',
  },
  { method: 'POST', path: '/auth/email-login', body: {}, allowed: 'everyone' },
  { method: 'POST', path: '/auth/document-login', body: {}, allowed: 'everyone' },
  { method: 'POST', path: '/auth/login', body: {}, allowed: 'everyone' },
  { method: 'GET', path: '/auth/sso/validate', allowed: AUTHENTICATED },
  { method: 'GET', path: '/auth/profile', allowed: AUTHENTICATED },
  { method: 'GET', path: '/auth/profile/', allowed: AUTHENTICATED },
  { method: 'PATCH', path: '/auth/profile', body: {}, allowed: AUTHENTICATED },
  {
    method: 'POST',
    path: '/auth/profile/photo',
    multipart: true,
    allowed: AUTHENTICATED,
  },
  { method: 'POST', path: '/auth/access', body: {}, allowed: AUTHENTICATED },
  {
    method: 'POST',
    path: '/auth/dynamic/login/:key',
    url: url('/auth/dynamic/login/inicio-sesion'),
    body: {},
    allowed: 'everyone',
  },
  {
    method: 'POST',
    path: '/auth/dynamic/register/:key',
    url: url('/auth/dynamic/register/1'),
    body: {},
    allowed: 'everyone',
  },
  { method: 'GET', path: '/forms/:idOrKey', url: url('/forms/registro-medico'), allowed: 'everyone' },
  { method: 'POST', path: '/forms/:idOrKey/validate', url: url('/forms/4/validate'), body: {}, allowed: 'everyone' },
  { method: 'GET', path: '/credentials', allowed: AUTHENTICATED },
  // Any buyer uploads a hormone prescription; professional documents are checked in the handler (403).
  { method: 'POST', path: '/credentials', multipart: true, allowed: AUTHENTICATED },
  {
    method: 'GET',
    path: '/credentials/files/:id',
    url: (fixtures) => fixtures.credentialFileUrl,
    allowed: AUTHENTICATED,
    owners: ['doctor', 'admin'],
  },
  {
    method: 'GET',
    path: '/media/profile/:name',
    url: (fixtures) => fixtures.photoUrl,
    allowed: AUTHENTICATED,
    owners: ['patient', 'admin', 'doctor'],
  },
  {
    method: 'GET',
    path: '/users/check-existence',
    url: url('/users/check-existence?email=medico.co@demo.test'),
    allowed: 'everyone',
  },
  {
    method: 'GET',
    path: '/users/uid/:uid',
    url: (fixtures) => `/api/users/uid/${fixtures.patientUid}`,
    allowed: AUTHENTICATED,
    owners: ['patient', 'admin', 'doctor'],
  },
  { method: 'GET', path: '/users', url: url('/users?dni=52345674'), allowed: [...APPROVED_PROFESSIONALS, 'admin'] },
  { method: 'POST', path: '/invitations', body: {}, allowed: APPROVED_PROFESSIONALS },
  { method: 'GET', path: '/invitations', allowed: APPROVED_PROFESSIONALS },
  { method: 'GET', path: '/invitations/:token', url: url(`/invitations/${'A'.repeat(43)}`), allowed: 'everyone' },
  { method: 'GET', path: '/admin/affiliates', allowed: ['admin'] },
  {
    method: 'POST',
    path: '/admin/affiliates/:id/approve',
    url: url('/admin/affiliates/999999/approve'),
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/affiliates/:id/reject',
    url: url('/admin/affiliates/999999/reject'),
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'PATCH',
    path: '/admin/affiliates/:id',
    url: url('/admin/affiliates/999999'),
    body: {},
    allowed: ['admin'],
  },
  { method: 'GET', path: '/gamification/config', allowed: AUTHENTICATED },
  {
    method: 'PATCH',
    path: '/gamification/config/:countryId',
    url: url('/gamification/config/1'),
    body: {},
    allowed: ['admin'],
  },
  ...[
    '/gamification/users/:userId/points',
    '/gamification/history/unified/:userId',
    '/gamification/history/events/:userId',
    '/gamification/history/combos/:userId',
    '/gamification/history/products/:userId',
  ].map((path): RouteCase => ({
    method: 'GET',
    path,
    url: (fixtures) => `/api${path.replace(':userId', String(fixtures.doctorId))}`,
    allowed: AUTHENTICATED,
    owners: ['doctor', 'admin'],
  })),
  ...(['events', 'combos', 'products'] as const).flatMap((items): RouteCase[] => {
    const byCountry = items === 'products' ? 'by-country' : 'country';
    return [
      { method: 'GET', path: `/gamification/${items}`, url: url(`/gamification/${items}`), allowed: AUTHENTICATED },
      {
        method: 'GET',
        path: `/gamification/${items}/${byCountry}/:countryId`,
        url: url(`/gamification/${items}/${byCountry}/1`),
        allowed: AUTHENTICATED,
      },
      {
        method: 'POST',
        path: `/gamification/${items}`,
        url: url(`/gamification/${items}`),
        body: {},
        allowed: ['admin'],
      },
      {
        method: 'PATCH',
        path: `/gamification/${items}/:id`,
        url: url(`/gamification/${items}/999999`),
        body: {},
        allowed: ['admin'],
      },
    ];
  }),
  {
    method: 'DELETE',
    path: '/gamification/products/:id',
    url: url('/gamification/products/999999'),
    allowed: ['admin'],
  },
  ...(
    [
      ['POST', '/gamification/participate-event'],
      ['POST', '/gamification/buy-combo'],
      ['POST', '/gamification/products/redeem'],
      ['POST', '/gamification/redeem/batch'],
      ['PATCH', '/gamification/subtract'],
    ] as const
  ).map(([method, path]): RouteCase => ({ method, path, url: url(path), body: {}, allowed: APPROVED_PROFESSIONALS })),
  {
    method: 'POST',
    path: '/gamification/prescription-reward',
    body: {},
    allowed: ['admin'],
  },
  { method: 'POST', path: '/checkout/quote', body: {}, allowed: AUTHENTICATED },
  { method: 'POST', path: '/orders', body: {}, allowed: AUTHENTICATED },
  { method: 'GET', path: '/orders', allowed: AUTHENTICATED },
  {
    method: 'GET',
    path: '/orders/:id',
    url: (fixtures) => `/api/orders/${fixtures.order.id}`,
    allowed: AUTHENTICATED,
    owners: ['patient', 'admin'],
  },
  {
    method: 'GET',
    path: '/orders/source/:orderSourceId/country/:countryId',
    url: (fixtures) => `/api/orders/source/${fixtures.order.sourceId}/country/1`,
    allowed: AUTHENTICATED,
    owners: ['patient', 'admin'],
  },
  {
    method: 'GET',
    path: '/orders/by_source/:orderSourceId',
    url: (fixtures) => `/api/orders/by_source/${fixtures.order.sourceId}`,
    allowed: AUTHENTICATED,
    owners: ['patient', 'admin'],
  },
  { method: 'GET', path: '/addresses', allowed: AUTHENTICATED },
  { method: 'POST', path: '/addresses', body: {}, allowed: AUTHENTICATED },
  { method: 'DELETE', path: '/addresses/:id', url: url('/addresses/999999'), allowed: AUTHENTICATED },
  { method: 'GET', path: '/admin/hormone-orders', allowed: ['admin'] },
  {
    method: 'GET',
    path: '/admin/hormone-orders/:id/prescription',
    url: (fixtures) => `/api/admin/hormone-orders/${fixtures.hormoneOrderId}/prescription`,
    allowed: ['admin'],
    owners: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/hormone-orders/:id/approve',
    url: url('/admin/hormone-orders/999999/approve'),
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/hormone-orders/:id/reject',
    url: url('/admin/hormone-orders/999999/reject'),
    body: { reason: 'Sin firma' },
    allowed: ['admin'],
  },
  {
    method: 'GET',
    path: '/admin/payment-discrepancies',
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/payment-reconciliation',
    body: {},
    allowed: ['admin'],
  },
  // Signed by the provider, not by a session: an unsigned call is a 400 for everyone.
  {
    method: 'POST',
    path: '/payments/webhook/:provider',
    url: url('/payments/webhook/sandbox'),
    body: {},
    allowed: 'everyone',
  },
  // The hosted payment page: the payment id is the capability (unknown here: 404 for everyone).
  {
    method: 'GET',
    path: '/payments/sandbox/:paymentId',
    url: url('/payments/sandbox/00000000-0000-4000-8000-000000000000'),
    allowed: 'everyone',
  },
  {
    method: 'POST',
    path: '/payments/sandbox/:paymentId',
    url: url('/payments/sandbox/00000000-0000-4000-8000-000000000000'),
    body: {},
    allowed: 'everyone',
  },
  // Professional tools: the register, prescriptions, templates, the document library and medical requests.
  { method: 'GET', path: '/patients', allowed: APPROVED_PROFESSIONALS },
  { method: 'POST', path: '/patients', body: {}, allowed: APPROVED_PROFESSIONALS },
  ...(
    [
      ['GET', '/patients/:id', ''],
      ['PATCH', '/patients/:id', ''],
      ['GET', '/patients/:id/strategies', '/strategies'],
    ] as const
  ).map(([method, path, suffix]): RouteCase => ({
    method,
    path,
    url: (fixtures) => `/api/patients/${fixtures.registerPatientId}${suffix}`,
    ...(method === 'PATCH' ? { body: {} } : {}),
    allowed: APPROVED_PROFESSIONALS,
    owners: ['doctor', 'healthProfessional'],
  })),
  // Adherence (issue #19): the patient's prescribing professionals and admins; the reminder of a product nobody
  // prescribed is a 404 for every one of them (its limit and channels are tested in adherence.test.ts).
  {
    method: 'GET',
    path: '/patients/:id/adherence',
    url: (fixtures) => `/api/patients/${fixtures.registerPatientId}/adherence`,
    allowed: [...APPROVED_PROFESSIONALS, 'admin'],
    owners: ['doctor', 'healthProfessional', 'admin'],
  },
  {
    method: 'POST',
    path: '/patients/:id/adherence/:productId/remind',
    url: (fixtures) => `/api/patients/${fixtures.registerPatientId}/adherence/999999/remind`,
    body: {},
    allowed: [...APPROVED_PROFESSIONALS, 'admin'],
  },
  { method: 'POST', path: '/prescriptions', body: {}, allowed: APPROVED_PROFESSIONALS },
  { method: 'GET', path: '/prescriptions', allowed: APPROVED_PROFESSIONALS },
  {
    method: 'GET',
    path: '/prescriptions/:id',
    url: (fixtures) => `/api/prescriptions/${fixtures.prescriptionId}`,
    allowed: AUTHENTICATED,
    owners: ['doctor', 'healthProfessional', 'patient', 'admin'],
  },
  {
    method: 'GET',
    path: '/prescriptions/:id/pdf',
    url: (fixtures) => `/api/prescriptions/${fixtures.prescriptionId}/pdf`,
    allowed: AUTHENTICATED,
    owners: ['doctor', 'healthProfessional', 'patient', 'admin'],
  },
  {
    method: 'POST',
    path: '/prescriptions/:id/cancel',
    url: url('/prescriptions/999999/cancel'),
    body: {},
    allowed: APPROVED_PROFESSIONALS,
  },
  { method: 'GET', path: '/me/prescriptions', allowed: ['patient', 'otherPatient'] },
  {
    method: 'GET',
    path: '/me/prescriptions/:id',
    url: (fixtures) => `/api/me/prescriptions/${fixtures.prescriptionId}`,
    allowed: ['patient', 'otherPatient'],
    owners: ['patient'],
  },
  {
    method: 'POST',
    path: '/prescription-templates',
    body: {},
    allowed: APPROVED_PROFESSIONALS,
  },
  {
    method: 'GET',
    path: '/prescription-templates',
    allowed: APPROVED_PROFESSIONALS,
  },
  {
    method: 'GET',
    path: '/prescription-templates/:id',
    url: url('/prescription-templates/999999'),
    allowed: APPROVED_PROFESSIONALS,
  },
  {
    method: 'DELETE',
    path: '/prescription-templates/:id',
    url: url('/prescription-templates/999999'),
    allowed: APPROVED_PROFESSIONALS,
  },
  { method: 'GET', path: '/documents', allowed: [...APPROVED_PROFESSIONALS, 'admin'] },
  {
    method: 'GET',
    path: '/prescription-settings',
    allowed: [...APPROVED_PROFESSIONALS, 'admin'],
  },
  {
    method: 'PUT',
    path: '/admin/prescription-settings',
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'GET',
    path: '/documents/:id/file',
    url: (fixtures) => fixtures.documentUrl,
    allowed: [...APPROVED_PROFESSIONALS, 'admin'],
    owners: [...APPROVED_PROFESSIONALS, 'admin'],
  },
  { method: 'POST', path: '/admin/documents', multipart: true, allowed: ['admin'] },
  {
    method: 'PUT',
    path: '/admin/documents/:id',
    url: url('/admin/documents/999999'),
    multipart: true,
    allowed: ['admin'],
  },
  { method: 'DELETE', path: '/admin/documents/:id', url: url('/admin/documents/999999'), allowed: ['admin'] },
  { method: 'GET', path: '/admin/products', allowed: ['admin'] },
  { method: 'GET', path: '/admin/promo-codes', allowed: ['admin'] },
  { method: 'POST', path: '/admin/promo-codes', body: {}, allowed: ['admin'] },
  {
    method: 'PUT',
    path: '/admin/promo-codes/:id',
    url: url('/admin/promo-codes/999999'),
    body: {},
    allowed: ['admin'],
  },
  { method: 'GET', path: '/admin/catalogue-options', allowed: ['admin'] },
  { method: 'GET', path: '/admin/products/:id', url: url('/admin/products/999999'), allowed: ['admin'] },
  { method: 'POST', path: '/admin/products', body: {}, allowed: ['admin'] },
  { method: 'PUT', path: '/admin/products/:id', url: url('/admin/products/999999'), body: {}, allowed: ['admin'] },
  {
    method: 'POST',
    path: '/admin/products/:id/deactivate',
    url: url('/admin/products/999999/deactivate'),
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/products/:id/activate',
    url: url('/admin/products/999999/activate'),
    body: {},
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/admin/products/:id/images',
    url: url('/admin/products/999999/images'),
    multipart: true,
    allowed: ['admin'],
  },
  {
    method: 'DELETE',
    path: '/admin/products/:id/images/:imageId',
    url: url('/admin/products/999999/images/999999'),
    allowed: ['admin'],
  },
  { method: 'POST', path: '/medical-requests', body: {}, allowed: 'everyone' },
  { method: 'POST', path: '/client-errors', body: { name: 'TypeError', route: '/:locale' }, allowed: 'everyone' },
  { method: 'GET', path: '/contact-settings/:country', url: url('/contact-settings/co'), allowed: 'everyone' },
  { method: 'GET', path: '/admin/contact-settings', allowed: ['admin'] },
  {
    method: 'PUT',
    path: '/admin/contact-settings/:country',
    url: url('/admin/contact-settings/co'),
    body: { phone: 'no es un teléfono' },
    allowed: ['admin'],
  },
  { method: 'GET', path: '/admin/medical-requests', allowed: ['admin'] },
  {
    method: 'PATCH',
    path: '/admin/medical-requests/:id',
    url: url('/admin/medical-requests/999999'),
    body: { status: 'closed' },
    allowed: ['admin'],
  },
  { method: 'GET', path: '/admin/emails', url: url('/admin/emails?to=nadie@rbac.test'), allowed: ['admin'] },
  {
    method: 'POST',
    path: '/auth/password-reset/request',
    body: { email: 'nadie@rbac.test' },
    allowed: 'everyone',
  },
  {
    method: 'POST',
    path: '/auth/password-reset/confirm',
    body: { token: 'A'.repeat(43), password: 'Nueva12345' },
    allowed: 'everyone',
  },
  // Near the end: it revokes each caller's consent, which later orders and prescriptions would meet (409).
  { method: 'POST', path: '/privacy/consent/revoke', allowed: AUTHENTICATED },
  // Last: logging out ends each caller's session.
  { method: 'POST', path: '/auth/logout', body: {}, allowed: 'everyone' },
];

let ctx: TestContext;
const tokens = new Map<Actor, string>();
let fixtures: Fixtures;

beforeAll(async () => {
  // An OIDC issuer is configured (never reached: the walk sends no idToken) so /auth/login answers 400, not 501.
  ctx = await createTestContext({ app: { oidc: { issuer: 'http://127.0.0.1:9', clientId: 'rbac' } } });
  for (const [actor, email] of Object.entries(ACTOR_EMAILS)) tokens.set(actor as Actor, await sessionFor(ctx, email));
  const headers = (actor: Actor) => authHeaders(tokens.get(actor) ?? '');

  const doctor = await userByEmail(ctx, ACTOR_EMAILS.doctor);
  const credentials = new FormData();
  credentials.append('files', new File([Buffer.from('%PDF-1.4 prueba')], 'tarjeta.pdf'));
  credentials.append('userId', String(doctor.id));
  credentials.append('documentType', 'tarjeta-profesional');
  credentials.append('contactNumber', '3101234567');
  const uploaded = await ctx.app.request('/api/credentials', {
    method: 'POST',
    body: credentials,
    headers: headers('doctor'),
  });
  const status = (await uploaded.json()) as CredentialsStatusDto;

  const photo = new FormData();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  photo.append('file', new File([new Uint8Array(png)], 'yo.png'));
  const photoResponse = await ctx.app.request('/api/auth/profile/photo', {
    method: 'POST',
    body: photo,
    headers: headers('patient'),
  });
  const { profile_image_url: photoUrl } = (await photoResponse.json()) as { profile_image_url: string };

  fixtures = {
    credentialFileUrl: status.history[0]?.files[0]?.url ?? '',
    photoUrl,
    patientUid: (await userByEmail(ctx, ACTOR_EMAILS.patient)).uid,
    doctorId: doctor.id,
    ...(await orderFixtures(headers('patient'), { user: doctor, headers: headers('doctor') })),
    ...(await professionalToolFixtures()),
  };
});

/** The seeded register row, prescription and library document of the Colombian demo accounts. */
async function professionalToolFixtures() {
  const { db } = ctx.database;
  const patient = await userByEmail(ctx, ACTOR_EMAILS.patient);
  const doctor = await userByEmail(ctx, ACTOR_EMAILS.doctor);
  const registerRow = await db
    .selectFrom('patients')
    .select('id')
    .where('user_id', '=', patient.id)
    .executeTakeFirstOrThrow();
  const prescription = await db
    .selectFrom('prescriptions')
    .select('id')
    .where('patient_id', '=', registerRow.id)
    .where('author_id', '=', doctor.id)
    .executeTakeFirstOrThrow();
  const document = await db.selectFrom('documents').select('id').orderBy('id').executeTakeFirstOrThrow();
  return {
    registerPatientId: registerRow.id,
    prescriptionId: prescription.id,
    documentUrl: `/api/documents/${document.id}/file`,
  };
}

/** An order of the patient, and a hormone order of the doctor with its prescription. */
async function orderFixtures(patient: Record<string, string>, doctor: Buyer) {
  const productId = async (slug: string) =>
    (await ctx.database.db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const { order } = await createdOrder(
    ctx,
    patient,
    orderBody({ items: [{ productId: await productId('magnesio-bisglicinato-400-mg'), quantity: 1 }] }),
  );
  const hormones = await createdOrder(
    ctx,
    doctor.headers,
    orderBody({
      items: [{ productId: await productId('dhea-25-mg'), quantity: 1 }],
      prescriptionDocumentId: await prescriptionOf(ctx, doctor),
    }),
  );
  return { order: { id: order.id, sourceId: order.sourceId }, hormoneOrderId: hormones.order.id };
}

afterAll(async () => {
  await ctx?.close();
});

async function call(route: RouteCase, actor: Actor): Promise<Response> {
  const token = tokens.get(actor);
  const headers: Record<string, string> = { 'x-forwarded-for': `192.0.2.${ACTORS.indexOf(actor) + 1}` };
  if (token) Object.assign(headers, authHeaders(token, 'co'));
  const target = (route.url ?? url(route.path))(fixtures);
  if (route.multipart) {
    return ctx.app.request(target, { method: route.method, body: new FormData(), headers });
  }
  if (route.body !== undefined) return ctx.app.request(target, jsonRequest(route.method, route.body, headers));
  return ctx.app.request(target, { method: route.method, headers });
}

describe('the route table', () => {
  it('lists every API route of the app, and the app has no undeclared API route', () => {
    const declared = ctx.app.apiRoutes.map((route) => `${route.method} ${route.path}`).sort();
    expect(declared).toEqual(ROUTES.map((route) => `${route.method} ${route.path}`).sort());
    const mounted = ctx.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path.slice('/api'.length)}`);
    expect([...new Set(mounted)].sort()).toEqual(declared);
  });

  it('agrees with the access rules the routes declare', () => {
    for (const route of ctx.app.apiRoutes) {
      const expected = ROUTES.find((candidate) => candidate.method === route.method && candidate.path === route.path);
      if (route.access === 'public') expect(expected?.allowed, route.path).toBe('everyone');
      else expect(expected?.allowed, route.path).not.toBe('everyone');
    }
  });
});

describe('RBAC walk', () => {
  let usersBefore: string;

  beforeAll(async () => {
    usersBefore = JSON.stringify(await ctx.database.db.selectFrom('users').selectAll().orderBy('id').execute());
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    for (const actor of ACTORS) {
      const response = await call(route, actor);
      const where = `${route.method} ${route.path} as ${actor} → ${response.status}`;
      const allowed = route.allowed === 'everyone' || route.allowed.includes(actor);
      expect(response.status, where).toBeLessThan(500);
      if (!allowed) {
        expect(response.status, where).toBe(actor === 'anonymous' ? 401 : 403);
        const error = (await response.json()) as ApiErrorBody;
        expect(error.message, where).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
        continue;
      }
      expect([401, 403], where).not.toContain(response.status);
      if (route.owners) expect(response.status, where).toBe(route.owners.includes(actor) ? 200 : 404);
    }
  });

  it('changed nobody’s account', async () => {
    const after = JSON.stringify(await ctx.database.db.selectFrom('users').selectAll().orderBy('id').execute());
    expect(after).toBe(usersBefore);
  });
});

describe('GET /api/users/check-existence', () => {
  it('tells whether an e-mail and a document have an account', async () => {
    const check = async (query: string) => {
      const response = await ctx.app.request(`/api/users/check-existence?${query}`, {
        headers: { 'x-forwarded-for': '192.0.2.200' },
      });
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await check('email=MEDICO.CO@demo.test&documentNumber=52.345.671')).toEqual({
      email: true,
      documentNumber: true,
    });
    expect(await check('email=nadie@demo.test&documentNumber=1')).toEqual({ email: false, documentNumber: false });
    expect(await check('')).toEqual({ email: false, documentNumber: false });
  });

  it('is rate limited per address like the login', async () => {
    const address = { 'x-forwarded-for': '192.0.2.201' };
    for (let index = 0; index < 20; index += 1) {
      const response = await ctx.app.request(`/api/users/check-existence?email=u${index}@x.test`, { headers: address });
      expect(response.status).toBe(200);
    }
    const blocked = await ctx.app.request('/api/users/check-existence?email=z@x.test', { headers: address });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    const validate = await ctx.app.request(
      '/api/forms/1/validate',
      jsonRequest('POST', { email: 'z@x.test' }, address),
    );
    expect(validate.status).toBe(429);
    const register = await ctx.app.request('/api/auth/dynamic/register/1', jsonRequest('POST', {}, address));
    expect(register.status).toBe(429);
  });
});

describe('GET /api/users/uid/{uid} and GET /api/users', () => {
  it('answers id, uid, name and role to the user, admins and the patient’s doctor', async () => {
    const doctor = await sessionFor(ctx, ACTOR_EMAILS.doctor);
    const response = await ctx.app.request(`/api/users/uid/${fixtures.patientUid}`, { headers: authHeaders(doctor) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: (await userByEmail(ctx, ACTOR_EMAILS.patient)).id,
      uid: fixtures.patientUid,
      display_name: 'Mariana Gómez Ortiz',
      role: { id: 0, name: 'patient' },
    });
    const unknown = await ctx.app.request('/api/users/uid/no-existe', { headers: authHeaders(doctor) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Usuario no encontrado.' });
  });

  it.each(DOCUMENT_QUERY_ALIASES)('finds users by document with ?%s=, digits only', async (alias) => {
    const doctor = await sessionFor(ctx, ACTOR_EMAILS.healthProfessional);
    const response = await ctx.app.request(`/api/users?${alias}=${encodeURIComponent('CC 52.345.674')}`, {
      headers: authHeaders(doctor),
    });
    expect(response.status).toBe(200);
    const patient = await userByEmail(ctx, ACTOR_EMAILS.patient);
    expect(await response.json()).toEqual({ data: [{ id: patient.id, uid: patient.uid }] });
  });

  it('answers an empty list for short or unknown documents and 400 without a query', async () => {
    const admin = authHeaders(await sessionFor(ctx, ACTOR_EMAILS.admin));
    expect(await (await ctx.app.request('/api/users?q=1234', { headers: admin })).json()).toEqual({ data: [] });
    expect(await (await ctx.app.request('/api/users?q=99999999', { headers: admin })).json()).toEqual({ data: [] });
    expect((await ctx.app.request('/api/users', { headers: admin })).status).toBe(400);
  });
});

describe('GET /api/products audience', () => {
  const hidden = new Set(categories.filter((category) => !category.patientVisible).map((category) => category.id));
  const hiddenCount = seedProducts.filter((product) => hidden.has(product.categoryId)).length;

  async function hiddenListed(headers: Record<string, string>, query = ''): Promise<number> {
    const response = await ctx.app.request(`/api/products?all=true${query}`, { headers });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: ProductDto[] };
    return data.filter((product) => hidden.has(product.category_id)).length;
  }

  it('approved professionals and admins see the professional catalogue; the others the general one', async () => {
    expect(hiddenCount).toBeGreaterThan(0);
    const as = async (email: string) => authHeaders(await sessionFor(ctx, email));
    expect(await hiddenListed(await as(ACTOR_EMAILS.doctor))).toBe(hiddenCount);
    expect(await hiddenListed(await as(ACTOR_EMAILS.healthProfessional))).toBe(hiddenCount);
    expect(await hiddenListed(await as(ACTOR_EMAILS.admin))).toBe(hiddenCount);
    expect(await hiddenListed(await as(ACTOR_EMAILS.pendingDoctor))).toBe(0);
    expect(await hiddenListed(await as(ACTOR_EMAILS.patient))).toBe(0);
    expect(await hiddenListed({})).toBe(0);
  });

  it('does not trust role_id or purchase_level_id from the query, nor a dead token', async () => {
    expect(await hiddenListed({}, '&role_id=1&purchase_level_id=3')).toBe(0);
    expect(await hiddenListed(authHeaders('A'.repeat(43)), '&role_id=3')).toBe(0);
  });
});
