import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { JSON_CONTENT_TYPE_MESSAGE } from '../src/http/validated';
import { authHeaders, jsonRequest, userByEmail } from './helpers';
import { orderBody } from './orders-fixtures';
import { client, json, type Caller } from './prescriptions-fixtures';
import { DEMO_ACCOUNTS, demoCaller, testContextForFile } from './support/file-context';
import { adminProductInput, createdAdminProduct } from './support/admin-products';

/**
 * Issue #20: the routes on a shared schema (`body:` / `query:` of their options) answer every bad input with the one
 * Spanish 400: `message`, `errors` (the messages) and `fieldErrors` (the first problem of each field), never a 5xx.
 */
type Refusal = Required<ApiErrorBody>;

const INVALID_FORM = 'Revisa los datos del formulario.';
const INVALID_QUERY = 'Los parámetros de la consulta no son válidos.';

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
const patient = demoCaller(ctx, 'patient');
const professional = demoCaller(ctx, 'doctor');
let productId: number;
let affiliateId: number;

const PRODUCT = adminProductInput({
  name: 'Contrato de prueba 100 mg',
  slug: 'contrato-de-prueba-100-mg',
  serialNumber: 'CTR-001',
  pharmaceuticalFormId: null,
  prices: { co: { amount: 10000, vatIncluded: true }, mx: null, pe: null },
  presentations: [{ containerType: 'Frasco', quantity: 30, unitSymbol: 'cápsulas', isDefault: true }],
});

beforeAll(async () => {
  productId = (await createdAdminProduct(ctx, admin, PRODUCT)).id;
  affiliateId = (await userByEmail(ctx, DEMO_ACCOUNTS.doctor.email)).id;
});

/** The refusal, checked for the one shape; answers its field errors as `{ field: message }`. */
async function refusal(response: Response, message = INVALID_FORM): Promise<Record<string, string>> {
  const text = await response.clone().text();
  expect(response.status, text).toBe(400);
  const body = (await response.json()) as Refusal;
  expect(Object.keys(body).sort(), text).toEqual(['errors', 'fieldErrors', 'message']);
  expect(body.message).toBe(message);
  expect(body.errors).toEqual(body.fieldErrors.map((error) => error.message));
  expect(new Set(body.fieldErrors.map((error) => error.field)).size).toBe(body.fieldErrors.length);
  return Object.fromEntries(body.fieldErrors.map((error) => [error.field, error.message]));
}

describe('admin products', () => {
  const post = (body: unknown) => client(ctx, admin).send('POST', '/admin/products', body);

  it('refuses missing fields and wrong types per field, nothing saved', async () => {
    expect(await refusal(await post({}))).toEqual({
      name: 'Campo obligatorio',
      slug: 'Campo obligatorio',
      serialNumber: 'Campo obligatorio',
      categoryId: 'Campo obligatorio',
      prices: 'Indica el precio en al menos un país.',
      presentations: 'Agrega al menos una presentación.',
    });
    expect(
      await refusal(
        await post({
          ...PRODUCT,
          name: { text: 'x' },
          categoryId: '1',
          featured: 'yes',
          stockTracked: true,
          stockQuantity: 'diez',
          pointsPrice: '100',
          prices: { co: { amount: '10000' }, mx: null, pe: null },
          presentations: 'Frasco',
          discounts: [{ purchaseLevelId: 2, percent: 'diez' }],
        }),
      ),
    ).toEqual({
      name: 'Valor no válido.',
      categoryId: 'Selecciona una categoría válida.',
      featured: 'Valor no válido.',
      stockQuantity: 'El inventario debe ser un número entero.',
      pointsPrice: 'El precio en puntos debe ser un número entero mayor que cero.',
      'prices.co': 'Escribe el precio en números.',
      presentations: 'Agrega al menos una presentación.',
      'discounts.2': 'El descuento debe estar entre 0 y 100 %.',
    });
    const list = await client(ctx, admin).get('/admin/products?search=contrato');
    expect((await json<{ total: number }>(list)).total).toBe(1);
  });

  it('refuses numbers the columns cannot hold, on create and on update', async () => {
    const huge = {
      ...PRODUCT,
      categoryId: 2_147_483_648,
      stockTracked: true,
      stockQuantity: 1e308,
      prices: { co: { amount: 1e12, vatIncluded: true }, mx: { amount: -1, vatIncluded: false }, pe: null },
      presentations: [{ quantity: 1e308 }],
    };
    const expected = {
      categoryId: 'Selecciona una categoría válida.',
      stockQuantity: 'El inventario debe ser un número entero.',
      'prices.co': 'El precio es demasiado alto.',
      'prices.mx': 'El precio no puede ser negativo.',
      'presentations.0': 'La cantidad de la presentación debe ser un entero mayor que cero.',
    };
    expect(await refusal(await post(huge))).toEqual(expected);
    expect(await refusal(await client(ctx, admin).send('PUT', `/admin/products/${productId}`, huge))).toEqual(expected);
  });

  it('answers a category or form that does not exist, and a duplicate, in the same shape', async () => {
    expect(await refusal(await post({ ...PRODUCT, slug: 'otro', serialNumber: 'CTR-002', categoryId: 99999 }))).toEqual(
      { categoryId: 'Selecciona una categoría válida.' },
    );
    const duplicate = await post({ ...PRODUCT, serialNumber: 'CTR-003' });
    expect(duplicate.status).toBe(409);
    expect(await json<Refusal>(duplicate)).toEqual({
      message: 'Ya existe un producto con este slug.',
      errors: ['Ya existe un producto con este slug.'],
      fieldErrors: [{ field: 'slug', message: 'Ya existe un producto con este slug.' }],
    });
  });

  it('refuses query parameters with the query message', async () => {
    expect(
      await refusal(
        await client(ctx, admin).get(`/admin/products?page=abc&signedPrescription=yes&search=${'x'.repeat(101)}`),
        INVALID_QUERY,
      ),
    ).toEqual({
      search: 'El parámetro "search" admite como máximo 100 caracteres.',
      page: 'El parámetro "page" debe ser un número entero entre 1 y 2147483647.',
      signedPrescription: 'El parámetro "signedPrescription" debe ser uno de: true.',
    });
  });
});

describe('JSON bodies', () => {
  const raw = (body: string, contentType?: string) =>
    ctx.app.request('/api/admin/products', {
      method: 'POST',
      headers: { ...authHeaders(admin.token, 'co'), ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    });

  it('refuses malformed JSON and what is not an object, in Spanish', async () => {
    const malformed = await raw('{"name": ', 'application/json');
    expect(malformed.status).toBe(400);
    expect((await json<ApiErrorBody>(malformed)).message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    const list = await raw('[1, 2]', 'application/json');
    expect(list.status).toBe(400);
    expect((await json<ApiErrorBody>(list)).message).toBe('El cuerpo de la solicitud debe ser un objeto JSON.');
  });

  it('reads an empty body as the empty object, and refuses data sent as another type', async () => {
    expect(await refusal(await raw('', 'application/json'))).toMatchObject({ name: 'Campo obligatorio' });
    expect(await refusal(await raw(''))).toMatchObject({ name: 'Campo obligatorio' });
    const text = await raw(JSON.stringify(PRODUCT), 'text/plain');
    expect(text.status).toBe(415);
    expect((await json<ApiErrorBody>(text)).message).toBe(JSON_CONTENT_TYPE_MESSAGE);
  });
});

describe('other admin routes and small families', () => {
  it('affiliates: levels, reasons and list filters', async () => {
    const send = (method: string, path: string, body: unknown) => client(ctx, admin).send(method, path, body);
    expect(await refusal(await send('PATCH', `/admin/affiliates/${affiliateId}`, {}))).toEqual({
      purchaseLevelId: 'El nivel de compra no es válido.',
    });
    expect(
      await refusal(await send('POST', `/admin/affiliates/${affiliateId}/approve`, { purchaseLevelId: 1e308 })),
    ).toEqual({ purchaseLevelId: 'El nivel de compra no es válido.' });
    expect(
      await refusal(await send('POST', `/admin/affiliates/${affiliateId}/reject`, { reason: 'x'.repeat(1001) })),
    ).toEqual({ reason: 'Máximo 1000 caracteres.' });
    expect(await refusal(await send('POST', `/admin/affiliates/${affiliateId}/reject`, { reason: '  ' }))).toEqual({
      reason: 'Indica el motivo del rechazo',
    });
    expect(await refusal(await client(ctx, admin).get('/admin/affiliates?status=todos'), INVALID_QUERY)).toEqual({
      status: 'El parámetro "status" debe ser uno de: pending, approved, rejected.',
    });
  });

  it('promo codes, contact channels, prescription settings, medical requests and sent e-mails', async () => {
    const send = (method: string, path: string, body: unknown) => client(ctx, admin).send(method, path, body);
    expect(
      await refusal(
        await send('POST', '/admin/promo-codes', {
          code: 'A',
          discountType: 'gift',
          value: '10',
          active: 'yes',
          maxUses: -1,
          countries: 'co',
        }),
      ),
    ).toEqual({
      code: 'Usa de 3 a 40 letras, números, guiones o guiones bajos.',
      discountType: 'Elige porcentaje o valor fijo.',
      value: 'Debe ser un número entero.',
      active: 'Indica si el código está activo.',
      maxUses: 'Debe ser un número entero entre 1 y 1000000.',
      maxUsesPerUser: 'Campo obligatorio',
      countries: expect.stringMatching(/^[A-ZÁÉÍÓÚ]/) as string,
    });
    // A number where text goes is a wrong value, not a missing one.
    expect(await refusal(await send('PUT', '/admin/contact-settings/co', { phone: 573001112233 }))).toEqual({
      phone: 'Debe ser un texto.',
    });
    expect(
      await refusal(
        await send('PUT', '/admin/prescription-settings', { moments: 'todos', defaultDuration: { quantity: 1e308 } }),
      ),
    ).toEqual({
      moments: 'Valor no válido.',
      defaultDuration: 'La duración debe ser un número entero de 1 a 365 días.',
    });
    expect(await refusal(await send('PATCH', '/admin/medical-requests/1', { status: ['new'] }))).toEqual({
      status: 'El estado debe ser nueva, contactada o cerrada.',
    });
    expect(await refusal(await client(ctx, admin).get(`/admin/emails?to=a%00b`), INVALID_QUERY)).toEqual({
      to: 'El parámetro "to" contiene caracteres no válidos.',
    });
  });

  it('favourites and the health data consent', async () => {
    const send = (path: string, body: unknown) => client(ctx, patient).send('POST', path, body);
    expect(await refusal(await send('/favorites/merge', { productIds: ['1', 2] }))).toEqual({
      productIds: 'Cada producto debe ser un número entero positivo.',
    });
    expect(await refusal(await send('/privacy/consent', { version: 1e308 }))).toEqual({
      version: 'La versión de la autorización no es válida.',
    });
    expect(await refusal(await send('/privacy/consent', {}))).toEqual({ version: 'Campo obligatorio' });
  });
});

describe('the checkout and the address book', () => {
  const send = (path: string, body: unknown) => client(ctx, patient).send('POST', path, body);

  it('refuse the cart, the buyer and the address per field, with the checkout’s copy for what is missing', async () => {
    expect(
      await refusal(await send('/checkout/quote', { items: [{ productId, quantity: 100 }], discountPoints: '5' })),
    ).toEqual({
      'items.0.quantity': 'La cantidad debe ser un número entero entre 1 y 99.',
      discountPoints: 'Los puntos deben ser un número entero mayor o igual a 0.',
    });
    const body = orderBody({ items: [{ productId, quantity: 1 }] });
    expect(
      await refusal(
        await send('/orders', {
          ...body,
          customer: { ...body.customer, firstName: 7, typeID: 'cédula', email: ['a@b.co'] },
          bill: 'empresa',
          address: null,
          paymentMethod: 'bitcoin',
          saveAddress: 'sí',
        }),
      ),
    ).toEqual({
      // A number typed where a name goes is read as text, as the form would send it.
      'customer.firstName': 'El primer nombre lleva solo letras.',
      'customer.typeID': 'Selecciona un tipo de documento válido.',
      'customer.email': 'Valor no válido.',
      bill: 'Valor no válido.',
      'address.address': 'Debes completar este campo',
      'address.state': 'Debes completar este campo',
      'address.city': 'Debes completar este campo',
      saveAddress: 'Valor no válido.',
      paymentMethod: 'Selecciona un medio de pago válido.',
    });
    expect(await refusal(await send('/addresses', { address: 'Calle 1', city: '\u0000', countryId: '1' }))).toEqual({
      state: 'Debes completar este campo',
      city: 'Contiene caracteres no válidos.',
      countryId: 'Selecciona un país válido.',
    });
  });
});

describe('the points programme', () => {
  it('refuses items and spending per field', async () => {
    expect(
      await refusal(
        await client(ctx, admin).send('POST', '/gamification/products', {
          name: 'Guía',
          priceInPoints: '50',
          countries: 'co',
          imageUrl: 'data:x',
        }),
      ),
    ).toEqual({
      imageUrl: 'Debe ser una ruta de este sitio (/…) o una URL http(s).',
      priceInPoints: 'Debe ser un número entero de puntos entre 1 y 10000000.',
      countries: 'Indica al menos un país.',
    });
    expect(await refusal(await client(ctx, professional).send('PATCH', '/gamification/subtract', {}))).toEqual({
      body: 'Indica los productos o los puntos a descontar.',
    });
    expect(await refusal(await client(ctx, professional).send('POST', '/gamification/participate-event', {}))).toEqual({
      eventId: 'Indica el evento con su id numérico (eventId).',
    });
  });
});

describe('routes on a shared schema', () => {
  it('never answer a 5xx to junk of any type in any field', async () => {
    const junk: unknown[] = [null, true, -1, 1e308, 'x'.repeat(5000), [], [1e308], { a: { b: [null] } }, '\u0000'];
    const routes: [string, string, Caller, Record<string, unknown>][] = [
      ['POST', '/admin/products', admin, PRODUCT as unknown as Record<string, unknown>],
      ['PUT', '/admin/promo-codes/1', admin, { code: 'PRUEBA', discountType: 'percentage', value: 10 }],
      ['PUT', '/admin/prescription-settings', admin, { defaultDuration: { time: 'days', quantity: 3 } }],
      ['POST', `/admin/affiliates/${affiliateId}/reject`, admin, { reason: 'Ilegible' }],
      ['POST', '/favorites/merge', patient, { productIds: [1] }],
      ['POST', '/checkout/quote', patient, { countryId: 1, items: [{ productId, quantity: 1 }], promoCode: 'X1' }],
      ['POST', '/orders', patient, { ...orderBody({ items: [{ productId, quantity: 1 }] }) }],
      ['POST', '/addresses', patient, { address: 'Calle 1', state: 'Antioquia', city: 'Medellín', countryId: 1 }],
      [
        'POST',
        '/gamification/events',
        admin,
        { name: 'Evento', requiredPoints: 10, countries: [1], startDate: '2026-01-01', endDate: '2026-02-01' },
      ],
      ['PATCH', '/gamification/combos/1', admin, { name: 'Combo', image: null, isActive: true }],
      [
        'PATCH',
        '/gamification/subtract',
        professional,
        { products: [{ productId: 1, quantity: 1 }], points: 1, reason: 'x' },
      ],
      ['POST', '/gamification/redeem/batch', professional, { products: [{ productId: 1, quantity: 1 }] }],
      ['POST', '/push/subscriptions', patient, { endpoint: 'https://push.example.com/a', keys: {}, language: 'es' }],
      ['PATCH', '/auth/profile', patient, { first_name: 'Ana', birth_date: '1990-01-01', document_type_id: 1 }],
      ['POST', '/auth/access', patient, { currentPassword: 'x', email: 'a@b.co', newPassword: 'Nueva12345' }],
      ['POST', '/auth/password-reset/confirm', patient, { token: 'x'.repeat(30), password: 'Nueva12345' }],
      ['POST', '/auth/email-login', patient, { email: 'nadie@correo.co', password: 'x' }],
    ];
    for (const [method, path, caller, body] of routes) {
      for (const field of Object.keys(body)) {
        for (const value of junk) {
          const response = await ctx.app.request(
            `/api${path}`,
            jsonRequest(method, { ...body, [field]: value }, authHeaders(caller.token, 'co')),
          );
          expect(response.status, `${method} ${path} ${field}=${JSON.stringify(value)?.slice(0, 20)}`).toBeLessThan(
            500,
          );
        }
      }
    }
  });
});
