import { beforeAll, describe, expect, it } from 'vitest';
import type { CredentialsStatusDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { HORMONE_PRESCRIPTION_MAX_BYTES, type OrderDto } from '../../src/lib/shared/orders';
import { PRESCRIPTION_SINGLE_FILE_MESSAGE } from '../../src/lib/shared/upload-schemas';
import { PRESCRIPTION_FILE_TYPE_MESSAGE } from '../src/credentials/routes';
import { PRESCRIPTION_REQUIRED_MESSAGE } from '../src/orders/create';
import { REVIEW_CONFLICT_MESSAGE } from '../src/orders/lifecycle';
import { jsonRequest } from './helpers';
import {
  card,
  createdOrder,
  orderBody,
  orderOf,
  paymentOf,
  ordersWorldForFile,
  buyerForFile,
  PDF,
  postOrder,
  prescriptionOf,
  setStock,
  stockOf,
  submitPaymentPage,
  uploadCredential,
  type Buyer,
  VISA_APPROVED,
} from './orders-fixtures';
import { DHEA, MAGNESIO } from './support/seed-products';

const world = ordersWorldForFile();
const doctor = buyerForFile(world, { role: 'doctor' });
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);

const upload = (buyer: Buyer, bytes: Buffer, name: string, documentType?: string) =>
  uploadCredential(world.ctx, buyer, bytes, name, documentType);

/** A paid hormone order waiting for the review of its prescription. */
async function pendingHormoneOrder(paymentMethod: 'visa' | 'bank_transfer' = 'visa'): Promise<OrderDto> {
  const body = orderBody({
    items: [world.line(DHEA, 2), world.line(MAGNESIO)],
    paymentMethod,
    prescriptionDocumentId: await prescriptionOf(world.ctx, doctor),
  });
  const { order, payment } = await createdOrder(world.ctx, doctor.headers, body);
  const fields = paymentMethod === 'visa' ? card(VISA_APPROVED) : {};
  expect((await submitPaymentPage(world.ctx, payment.id, fields)).status).toBe(303);
  return orderOf(world.ctx, doctor.headers, order.id);
}

const admin = (path: string, init: RequestInit = {}) =>
  world.ctx.app.request(`/api/admin/hormone-orders${path}`, {
    ...init,
    headers: { ...world.admin, ...(init.headers as Record<string, string>) },
  });

async function lastEmailTo(subjectPart: string) {
  const emails = await world.ctx.database.db.selectFrom('outbox_emails').selectAll().orderBy('id', 'desc').execute();
  return emails.find((email) => email.subject.includes(subjectPart));
}

describe('uploading a hormone prescription (POST /credentials, documentType formula-hormonal)', () => {
  it('accepts PDF, JPEG and PNG from patients and professionals', async () => {
    const patient = await world.buyer({ role: 'patient' });
    const response = await upload(patient, PDF, 'formula.pdf');
    expect(response.status).toBe(201);
    const status = (await response.json()) as CredentialsStatusDto;
    expect(status).toMatchObject({ status: 'not_uploaded', required: false });
    expect(status.history[0]).toMatchObject({ documentType: 'formula-hormonal', contactNumber: null });
    expect(status.history[0]?.files[0]).toMatchObject({ name: 'formula.pdf', mime: 'application/pdf' });
    expect((await upload(patient, JPEG, 'formula.jpg')).status).toBe(201);
    expect((await upload(doctor, PNG, 'formula.png')).status).toBe(201);
  });

  it('leaves the professional’s credentials status and approval as they were', async () => {
    const rejected = await world.buyer({ role: 'doctor', approval: 'rejected' });
    await world.ctx.database.db
      .insertInto('credentials')
      .values({
        user_id: rejected.user.id,
        document_type: 'tarjeta-profesional',
        status: 'rejected',
        reason: 'Ilegible',
      })
      .execute();
    const response = await upload(rejected, PDF, 'formula.pdf');
    expect(response.status).toBe(201);
    const status = (await response.json()) as CredentialsStatusDto;
    expect(status.status).toBe('rejected');
    expect(status.history.map((entry) => entry.documentType)).toEqual(['formula-hormonal', 'tarjeta-profesional']);
    const user = await world.ctx.database.db
      .selectFrom('users')
      .select('approval_status')
      .where('id', '=', rejected.user.id)
      .executeTakeFirstOrThrow();
    expect(user.approval_status).toBe('rejected');
  });

  it('refuses WEBP and unknown files, and files over the limit', async () => {
    const webp = await upload(doctor, WEBP, 'formula.webp');
    expect(webp.status).toBe(415);
    expect(((await webp.json()) as ApiErrorBody).message).toBe(PRESCRIPTION_FILE_TYPE_MESSAGE);
    expect((await upload(doctor, Buffer.from('MZ ejecutable'), 'formula.pdf')).status).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(HORMONE_PRESCRIPTION_MAX_BYTES)]);
    expect((await upload(doctor, big, 'grande.pdf')).status).toBe(413);
  });

  it('takes exactly one file, which is what the admin reviews', async () => {
    const form = new FormData();
    form.append('files', new File([new Uint8Array(PDF)], 'pagina-1.pdf'));
    form.append('files', new File([new Uint8Array(PDF)], 'pagina-2.pdf'));
    form.append('userId', String(doctor.user.id));
    form.append('documentType', 'formula-hormonal');
    const before = await world.ctx.app.request('/api/credentials', { headers: doctor.headers });
    const response = await world.ctx.app.request('/api/credentials', {
      method: 'POST',
      body: form,
      headers: doctor.headers,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fieldErrors: [{ field: 'files', message: PRESCRIPTION_SINGLE_FILE_MESSAGE }],
    });
    const after = await world.ctx.app.request('/api/credentials', { headers: doctor.headers });
    expect(await after.json()).toEqual(await before.json());
  });

  it('keeps professional documents for professionals', async () => {
    const patient = await world.buyer({ role: 'patient' });
    expect((await upload(patient, PDF, 'tarjeta.pdf', 'tarjeta-profesional')).status).toBe(403);
  });
});

describe('ordering hormones', () => {
  it('needs the buyer’s own signed prescription', async () => {
    const refused = async (prescriptionDocumentId: number | null) => {
      const response = await postOrder(
        world.ctx,
        doctor.headers,
        orderBody({ items: [world.line(DHEA)], prescriptionDocumentId }),
      );
      expect(response.status).toBe(422);
      expect(((await response.json()) as ApiErrorBody).message).toBe(PRESCRIPTION_REQUIRED_MESSAGE);
    };
    await refused(null);
    await refused(await prescriptionOf(world.ctx, await world.buyer({ role: 'doctor' })));
    const credential = await world.ctx.database.db
      .insertInto('credentials')
      .values({ user_id: doctor.user.id, document_type: 'tarjeta-profesional' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(credential.id);
  });

  it('waits for the prescription review once paid, with the card only authorised', async () => {
    const order = await pendingHormoneOrder();
    expect(order).toMatchObject({
      status: 'pending_prescription',
      requiresPrescription: true,
      prescription: { status: 'pending', mime: 'application/pdf', reason: null, reviewedAt: null },
      payment: { status: 'approved', brand: 'Visa' },
    });
    expect(order.statusHistory.map((change) => change.status)).toEqual(['pending_payment', 'pending_prescription']);
    expect((await paymentOf(world.ctx, order.id)).captured_at).toBeNull();
    expect((await lastEmailTo(`Recibo de tu pedido ${order.number}`))?.text).toContain('Tu pedido incluye hormonas');
  });
  it('names the type of its prescription file, for the admin’s viewer', async () => {
    const uploaded = (await (await upload(doctor, PNG, 'formula.png')).json()) as CredentialsStatusDto;
    const body = orderBody({ items: [world.line(DHEA)], prescriptionDocumentId: uploaded.history[0]?.id ?? 0 });
    const { order } = await createdOrder(world.ctx, doctor.headers, body);
    expect(order.prescription).toMatchObject({ documentId: uploaded.history[0]?.id, mime: 'image/png' });
  });
});

describe('admin: hormone orders', () => {
  let first: OrderDto;
  let second: OrderDto;

  beforeAll(async () => {
    first = await pendingHormoneOrder();
    second = await pendingHormoneOrder();
  });

  it('lists the orders waiting for review, oldest first, by status and country', async () => {
    const queue = async (query = '') => {
      const response = await admin(query);
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: OrderDto[] }).data.map((order) => order.id);
    };
    const waiting = await queue();
    expect(waiting.indexOf(first.id)).toBeLessThan(waiting.indexOf(second.id));
    expect(await queue('?status=released')).not.toContain(first.id);
    expect(await queue('?country_id=2')).toEqual([]);
    expect((await admin('?status=paid')).status).toBe(400);
  });

  it('streams the prescription inline, of the type the order names, also with the session cookie', async () => {
    const response = await admin(`/${first.id}/prescription`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(first.prescription?.mime).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="formula.pdf"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    const token = world.admin.authorization?.replace('Bearer ', '') ?? '';
    const byCookie = await world.ctx.app.request(`/api/admin/hormone-orders/${first.id}/prescription`, {
      headers: { cookie: `sso_token_co=${token}` },
    });
    expect(byCookie.status).toBe(200);
    expect((await admin('/999999/prescription')).status).toBe(404);
  });

  it('is for admins only', async () => {
    const patient = await world.buyer({ role: 'patient' });
    for (const headers of [doctor.headers, patient.headers]) {
      expect((await world.ctx.app.request('/api/admin/hormone-orders', { headers })).status).toBe(403);
      const approve = await world.ctx.app.request(
        `/api/admin/hormone-orders/${first.id}/approve`,
        jsonRequest('POST', {}, headers),
      );
      expect(approve.status).toBe(403);
      const file = await world.ctx.app.request(`/api/admin/hormone-orders/${first.id}/prescription`, { headers });
      expect(file.status).toBe(403);
    }
  });

  it('approves: the order is released, the card captured and the buyer told', async () => {
    const response = await admin(`/${first.id}/approve`, { method: 'POST' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: OrderDto };
    expect(data).toMatchObject({ status: 'released', prescription: { status: 'approved', reason: null } });
    expect(data.prescription?.reviewedAt).not.toBeNull();
    expect(data.statusHistory.at(-1)?.status).toBe('released');
    expect((await paymentOf(world.ctx, first.id)).captured_at).not.toBeNull();
    const email = await lastEmailTo(`Tu pedido ${first.number} fue liberado para despacho`);
    expect(email?.to_address).toBe('laura.restrepo@prueba.test');
    const again = await admin(`/${first.id}/approve`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ApiErrorBody).message).toBe(REVIEW_CONFLICT_MESSAGE);
    const reject = await admin(`/${first.id}/reject`, jsonRequest('POST', { reason: 'Tarde' }));
    expect(reject.status).toBe(409);
    expect((await admin('/999999/approve', { method: 'POST' })).status).toBe(404);
  });

  it('needs a reason of at most 500 characters to reject', async () => {
    for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      const response = await admin(`/${second.id}/reject`, jsonRequest('POST', body));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ fieldErrors: [{ field: 'reason' }] });
    }
  });

  it('rejects: cancelled, the authorisation voided, stock and buyer told', async () => {
    const dhea = world.productId(DHEA);
    await setStock(world.ctx, dhea, 5);
    const order = await pendingHormoneOrder();
    expect(await stockOf(world.ctx, dhea)).toBe(3);
    const reason = 'La fórmula no tiene la firma del médico.';
    const response = await admin(`/${order.id}/reject`, jsonRequest('POST', { reason }));
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: OrderDto };
    expect(data).toMatchObject({ status: 'cancelled', prescription: { status: 'rejected', reason } });
    expect(data.payment.status).toBe('voided');
    expect(data.statusHistory.at(-1)).toMatchObject({
      status: 'cancelled',
      note: `Fórmula médica rechazada: ${reason}`,
    });
    expect(await stockOf(world.ctx, dhea)).toBe(5);
    const email = await lastEmailTo(`Tu pedido ${order.number} fue cancelado`);
    expect(email?.text).toContain(`Motivo: ${reason}`);
    await setStock(world.ctx, dhea, null);
  });

  it('shows the buyer each prescription with its order and that order’s review', async () => {
    const approved = await pendingHormoneOrder();
    const rejected = await pendingHormoneOrder();
    const waiting = await pendingHormoneOrder();
    expect((await admin(`/${approved.id}/approve`, { method: 'POST' })).status).toBe(200);
    const reason = 'La fórmula está vencida.';
    expect((await admin(`/${rejected.id}/reject`, jsonRequest('POST', { reason }))).status).toBe(200);

    const response = await world.ctx.app.request('/api/credentials', { headers: doctor.headers });
    const { history } = (await response.json()) as CredentialsStatusDto;
    const entryOf = (order: OrderDto) => history.find((entry) => entry.order?.id === order.id);
    expect(entryOf(approved)).toMatchObject({
      documentType: 'formula-hormonal',
      status: 'approved',
      reason: null,
      order: { number: approved.number, status: 'released' },
    });
    expect(entryOf(approved)?.reviewedAt).not.toBeNull();
    expect(entryOf(rejected)).toMatchObject({ status: 'rejected', reason, order: { status: 'cancelled' } });
    expect(entryOf(waiting)).toMatchObject({ status: 'pending', order: { status: 'pending_prescription' } });
  });

  it('refunds a hormone order paid by transfer when its prescription is rejected', async () => {
    const order = await pendingHormoneOrder('bank_transfer');
    expect((await paymentOf(world.ctx, order.id)).captured_at).not.toBeNull();
    const response = await admin(`/${order.id}/reject`, jsonRequest('POST', { reason: 'Fórmula vencida.' }));
    const { data } = (await response.json()) as { data: OrderDto };
    expect(data.payment.status).toBe('refunded');
    expect((await lastEmailTo(`Tu pedido ${order.number} fue cancelado`))?.text).toContain('Te devolveremos el pago');
  });

  it('reviews hormone orders only', async () => {
    const { order, payment } = await createdOrder(
      world.ctx,
      doctor.headers,
      orderBody({ items: [world.line(MAGNESIO)] }),
    );
    await submitPaymentPage(world.ctx, payment.id, card(VISA_APPROVED));
    expect((await admin(`/${order.id}/approve`, { method: 'POST' })).status).toBe(409);
    expect((await admin(`/${order.id}/prescription`)).status).toBe(404);
  });
});
