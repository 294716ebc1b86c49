import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import type { FormErrorDto } from '../../src/lib/shared/accounts';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { QuoteDto } from '../../src/lib/shared/orders';
import type { PrescriptionDetailDto, PrescriptionListDto } from '../../src/lib/shared/prescriptions';
import { sessionFor } from './helpers';
import {
  client,
  createPatient,
  json,
  prescribe,
  productIdOf,
  registerIdOf,
  productWithStock,
  tool,
  type Caller,
} from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { formRefusal } from './support/refusals';

type Problem = ApiErrorBody & { fieldErrors?: FormErrorDto[] };

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
const professional = demoCaller(ctx, 'professional');
const otherDoctor = demoCaller(ctx, 'mexicanDoctor');
let patientId: number;
let magnesium: number;
let hormone: number;
let injectable: number;

beforeAll(async () => {
  patientId = (await createPatient(ctx, doctor)).patient.id;
  magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
  hormone = await productIdOf(ctx, 'dhea-25-mg');
  injectable = await productIdOf(ctx, 'complejo-b-inyectable');
});

const post = (caller: Caller, body: unknown, key: string | null = randomUUID()) =>
  client(ctx, caller).send('POST', '/prescriptions', body, key === null ? {} : { 'idempotency-key': key });

describe('POST /api/prescriptions', () => {
  it('creates a prescription with the indications of each tool', async () => {
    const created = await prescribe(ctx, doctor, {
      patientId,
      notes: 'Control en un mes.\nTraer exámenes.',
      tools: [
        tool(magnesium, { momentsDay: [{ id: 10, quantity: 1.5 }], dailyCapsules: null }),
        tool(hormone, { prescriptionDuration: { time: 'months', quantity: 3 }, dailyCapsules: 1, units: 3 }),
      ],
    });
    expect(created).toMatchObject({
      type: 'prescription',
      status: 'active',
      countryId: 1,
      notes: 'Control en un mes.\nTraer exámenes.',
      editable: true,
      author: { display_name: 'Carolina Mejía Duarte', role: 'doctor', specialty: 'Medicina funcional' },
      patient: { id: patientId },
    });
    expect(created.tools[0]).toMatchObject({
      productId: magnesium,
      name: 'Magnesio Bisglicinato 400 mg',
      category: { id: 1 },
      momentsDay: [{ id: 10, quantity: 1.5, value: 'Antes de dormir' }],
      prescriptionDuration: { time: 'weeks', quantity: 6 },
      prescriptionIndications: 'Tomar con abundante agua.',
      dailyCapsules: 1.5,
      units: 2,
    });
    expect(created.tools[0]?.presentation).toMatch(/ x \d+ /);
    expect(created.tools[1]).toMatchObject({ category: { id: 4 }, dailyCapsules: 1, units: 3 });
    // The treatment ends with its longest tool: three months of 30 days.
    const days = (Date.parse(created.endsAt) - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(90);
    expect(created.products.map((line) => [line.productId, line.quantity, line.hasStock])).toEqual([
      [magnesium, 2, true],
      [hormone, 3, true],
    ]);
  });

  it('makes one prescription for one Idempotency-Key, however often it is sent', async () => {
    const key = randomUUID();
    const body = { patientId, tools: [tool(magnesium)] };
    const first = await post(doctor, body, key);
    const second = await post(doctor, body, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const [a, b] = [await json<PrescriptionDetailDto>(first), await json<PrescriptionDetailDto>(second)];
    expect(b.id).toBe(a.id);
    const stored = await ctx.database.db
      .selectFrom('prescriptions')
      .select(['id', 'request_hash'])
      .where('idempotency_key', '=', key)
      .execute();
    expect(stored).toHaveLength(1);
    // The digest of the request as the server has always read it (the same keys, in the same order): a retry sent
    // across a deploy still matches the first attempt.
    const { prescriptionIndications, units, ...given } = tool(magnesium);
    const read = { ...given, prescriptionIndications, dailyCapsules: 3, units };
    const asRead = { type: 'prescription', tools: [read], notes: '', templateId: null, patientId };
    const digest = createHash('sha256')
      .update(JSON.stringify(['create-prescription', asRead]))
      .digest('hex');
    expect(stored[0]?.request_hash).toBe(digest);

    const reused = await post(doctor, { ...body, notes: 'Otra cosa' }, key);
    expect(reused.status).toBe(409);
    expect((await json<Problem>(reused)).message).toMatch(/clave de idempotencia ya se usó/);
    const missing = await post(doctor, body, null);
    expect(missing.status).toBe(400);
    expect((await json<Problem>(missing)).message).toMatch(/^Falta el encabezado Idempotency-Key/);
  });

  it('keeps one prescription when the same request races itself', async () => {
    const key = randomUUID();
    const body = { patientId, tools: [tool(magnesium)] };
    const answers = await Promise.all([post(doctor, body, key), post(doctor, body, key), post(doctor, body, key)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (answer) => (await json<{ id: number }>(answer)).id)));
    expect(ids.size).toBe(1);
  });

  it('refuses zero or negative quantities, durations and units with Spanish messages', async () => {
    // The casts let the test send what the contract forbids: an unknown moment and an unknown unit.
    const response = await post(doctor, {
      patientId,
      tools: [
        tool(magnesium, {
          momentsDay: [
            { id: 1, quantity: 0 },
            { id: 2, quantity: -1 },
            { id: 99 as 1, quantity: 1 },
          ],
          prescriptionDuration: { time: 'days', quantity: -3 },
          units: 0,
        }),
        tool(hormone, { prescriptionDuration: { time: 'years' as 'days', quantity: 1 }, dailyCapsules: -2 }),
      ],
    });
    expect(await formRefusal(response)).toEqual([
      { field: 'tools.0.momentsDay.0.quantity', message: 'La cantidad debe ser mayor que 0.' },
      { field: 'tools.0.momentsDay.1.quantity', message: 'La cantidad debe ser mayor que 0.' },
      { field: 'tools.0.momentsDay.2', message: 'Elige un momento del día de la lista.' },
      {
        field: 'tools.0.prescriptionDuration.quantity',
        message: 'La duración debe ser un número entero mayor que 0.',
      },
      { field: 'tools.0.units', message: 'Las unidades deben ser un número entero mayor que 0.' },
      { field: 'tools.1.prescriptionDuration.time', message: 'La duración se indica en días, semanas o meses.' },
      { field: 'tools.1.dailyCapsules', message: 'Las cápsulas diarias deben ser mayores que 0.' },
    ]);
    const stored = await ctx.database.db.selectFrom('prescriptions').select('id').where('patient_id', '=', patientId);
    const before = (await stored.execute()).length;

    const refusal = async (body: Parameters<typeof post>[1]) =>
      (await json<Problem>(await post(doctor, body))).fieldErrors;
    expect(await refusal({ patientId, tools: [] })).toEqual([
      { field: 'tools', message: 'Agrega al menos una herramienta.' },
    ]);
    expect(await refusal({ patientId, tools: [tool(magnesium, { momentsDay: [] })] })).toEqual([
      { field: 'tools.0.momentsDay', message: 'Elige al menos un momento del día.' },
    ]);
    expect(
      await refusal({
        patientId,
        tools: [tool(magnesium, { prescriptionDuration: { time: 'months', quantity: 13 } })],
      }),
    ).toEqual([{ field: 'tools.0.prescriptionDuration.quantity', message: 'La duración máxima es de 365 días.' }]);
    expect(await refusal({ patientId, tools: [tool(magnesium), tool(magnesium)] })).toEqual([
      { field: 'tools.1.productId', message: 'Este producto ya está en la lista: indícalo una sola vez.' },
    ]);
    expect((await stored.execute()).length).toBe(before);
  });

  it('never answers a 5xx to junk of any type in any field of a prescription, a tool or a template', async () => {
    const junk: unknown[] = [null, true, -1, 1e308, 'x'.repeat(5000), [], [1e308], { a: { b: [null] } }, '\u0000'];
    const valid = tool(magnesium);
    type Case = [path: string, body: (value: unknown) => Record<string, unknown>];
    const cases: Case[] = [
      ...['patientId', 'patientRef', 'type', 'tools', 'notes', 'templateId'].map((field): Case => [
        '/prescriptions',
        (value) => ({ patientId, tools: [valid], [field]: value }),
      ]),
      ...Object.keys(valid).map((field): Case => [
        '/prescriptions',
        (value) => ({ patientId, tools: [{ ...valid, [field]: value }] }),
      ]),
      ...['id', 'quantity'].map((field): Case => [
        '/prescriptions',
        (value) => ({ patientId, tools: [{ ...valid, momentsDay: [{ id: 1, quantity: 1, [field]: value }] }] }),
      ]),
      ...['name', 'notes', 'prescriptionId', 'tools'].map((field): Case => [
        '/prescription-templates',
        (value) => ({ name: 'Basura', tools: [valid], [field]: value }),
      ]),
    ];
    for (const [path, body] of cases) {
      for (const value of junk) {
        const sent = body(value);
        const response = await client(ctx, doctor).send('POST', path, sent, { 'idempotency-key': randomUUID() });
        expect(response.status, `${path} ${JSON.stringify(sent).slice(0, 160)}`).toBeLessThan(500);
      }
    }
  });

  it('refuses a tool out of stock or no longer sold', async () => {
    const outOfStock = await productWithStock(ctx, 'hierro-bisglicinato-25-mg', 0);
    const response = await post(doctor, { patientId, tools: [tool(magnesium), tool(outOfStock)] });
    expect(response.status).toBe(422);
    expect(await json<Problem>(response)).toMatchObject({
      message: '«Hierro Bisglicinato 25 mg» está agotado por ahora: elige otro producto.',
      fieldErrors: [{ field: 'tools.1.productId' }],
    });

    const retired = await productIdOf(ctx, 'zinc-picolinato-30-mg');
    await ctx.database.db.updateTable('products').set({ active: false }).where('id', '=', retired).execute();
    const gone = await post(doctor, { patientId, tools: [tool(retired)] });
    expect(gone.status).toBe(422);
    expect((await json<Problem>(gone)).message).toBe('«Zinc Picolinato 30 mg» ya no se vende.');
    const unknown = await post(doctor, { patientId, tools: [tool(999_999)] });
    expect((await json<Problem>(unknown)).message).toBe('El producto 999999 no existe.');
  });

  it('lets doctors prescribe hormones and professional-use products, and health professionals recommend neither', async () => {
    const prescribed = await prescribe(ctx, doctor, { patientId, tools: [tool(hormone), tool(injectable)] });
    expect(prescribed.tools.map((item) => item.category.id)).toEqual([4, 5]);

    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    for (const productId of [hormone, injectable]) {
      const refused = await post(professional, {
        patientId: demoPatient.id,
        tools: [tool(magnesium), tool(productId)],
      });
      expect(refused.status).toBe(422);
      expect((await json<Problem>(refused)).message).toMatch(
        /^Como profesional de la salud solo puedes recomendar productos de venta libre: «.+» requiere fórmula médica\.$/,
      );
    }
    const recommended = await prescribe(ctx, professional, { patientId: demoPatient.id, tools: [tool(magnesium)] });
    expect(recommended.type).toBe('recommendation');

    const wrongType = await post(doctor, { patientId, type: 'recommendation', tools: [tool(magnesium)] });
    expect(wrongType.status).toBe(400);
    expect((await json<Problem>(wrongType)).fieldErrors).toEqual([
      { field: 'type', message: 'Como médico emites prescripciones, no recomendaciones.' },
    ]);
  });

  it('only for a patient linked to the author', async () => {
    const response = await post(otherDoctor, { patientId, tools: [tool(magnesium)] });
    expect(response.status).toBe(404);
    expect((await json<Problem>(response)).message).toBe('No encontramos este paciente entre tus pacientes.');
  });
});

describe('reading prescriptions', () => {
  it('shows the patient their prescriptions with the products to buy priced for their country', async () => {
    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    const created = await prescribe(ctx, doctor, {
      patientId: demoPatient.id,
      tools: [tool(magnesium, { units: 3 }), tool(hormone)],
    });
    const patient = { token: await sessionFor(ctx, 'paciente.co@demo.test') };
    const list = await json<PrescriptionListDto>(await client(ctx, patient).get('/me/prescriptions'));
    expect(list.data[0]).toMatchObject({ id: created.id, type: 'prescription', status: 'active', toolCount: 2 });
    // The seeded prescription and recommendation of the demo patient, plus this one.
    expect(list.total).toBeGreaterThanOrEqual(3);

    const detail = await json<PrescriptionDetailDto>(await client(ctx, patient).get(`/me/prescriptions/${created.id}`));
    expect(detail.editable).toBe(false);
    expect(detail.products[0]).toMatchObject({
      productId: magnesium,
      quantity: 3,
      hasStock: true,
      problem: null,
      momentsDay: [
        { id: 1, quantity: 1, value: 'En ayunas' },
        { id: 9, quantity: 2, value: 'Con la cena' },
      ],
      product: { price: { country_id: 1, currency: 'COP', amount: 89000 }, discounts: [] },
    });
    // Prescribed hormones are shown to their patient, although the general catalogue hides them.
    expect(detail.products[1]?.product?.category_id).toBe(4);

    // Out of stock after it was prescribed: still listed, with hasStock false.
    await ctx.database.db
      .updateTable('products')
      .set({ stock_tracked: true, stock_quantity: 0 })
      .where('id', '=', magnesium)
      .execute();
    const later = await json<PrescriptionDetailDto>(await client(ctx, patient).get(`/me/prescriptions/${created.id}`));
    expect(later.products[0]).toMatchObject({ hasStock: false, problem: null });
    await ctx.database.db.updateTable('products').set({ stock_quantity: 140 }).where('id', '=', magnesium).execute();

    const mexican = { token: await sessionFor(ctx, 'paciente.mx@demo.test', 'mx'), country: 'mx' as const };
    const theirs = await json<PrescriptionListDto>(await client(ctx, mexican).get('/me/prescriptions'));
    const seeded = theirs.data.find((item) => item.type === 'prescription');
    const mxDetail = await json<PrescriptionDetailDto>(
      await client(ctx, mexican).get(`/me/prescriptions/${seeded?.id}`),
    );
    expect(mxDetail.products[0]?.product?.price).toMatchObject({ country_id: 2, currency: 'MXN', amount: 45390 });
    expect((await client(ctx, mexican).get(`/me/prescriptions/${created.id}`)).status).toBe(404);
    expect((await client(ctx, mexican).get(`/prescriptions/${created.id}`)).status).toBe(404);
  });

  it('lets the author, the patient, linked professionals (read-only) and admins open one', async () => {
    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    const created = await prescribe(ctx, doctor, { patientId: demoPatient.id, tools: [tool(magnesium)] });
    const admin = { token: await sessionFor(ctx, 'admin@demo.test') };
    const patient = { token: await sessionFor(ctx, 'paciente.co@demo.test') };
    for (const [caller, editable] of [
      [doctor, true],
      [professional, false],
      [admin, false],
      [patient, false],
    ] as const) {
      const response = await client(ctx, caller).get(`/prescriptions/${created.id}`);
      expect(response.status).toBe(200);
      expect((await json<PrescriptionDetailDto>(response)).editable).toBe(editable);
    }
    const stranger = await client(ctx, otherDoctor).get(`/prescriptions/${created.id}`);
    expect(stranger.status).toBe(404);
    expect((await json<Problem>(stranger)).message).toBe('No encontramos esta prescripción.');
  });

  it('downloads a prescription as a PDF with the personal-use notice, also with the session cookie', async () => {
    const created = await prescribe(ctx, doctor, { patientId, tools: [tool(magnesium)] });
    const response = await client(ctx, doctor).get(`/prescriptions/${created.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain(`prescripcion-${created.id}.pdf`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // The same layout the device makes (src/lib/shared/prescription-pdf.ts).
    const text = (await pdfText(bytes)).join('');
    expect(text).toContain(`Prescripción N.º ${created.id}`);
    expect(text).toContain('Magnesio Bisglicinato 400 mg');
    expect(text).toContain('No lo compartas.');
    const byCookie = await ctx.app.request(`/api/prescriptions/${created.id}/pdf`, {
      headers: { cookie: `sso_token_co=${doctor.token}` },
    });
    expect(byCookie.status).toBe(200);
    expect((await client(ctx, otherDoctor).get(`/prescriptions/${created.id}/pdf`)).status).toBe(404);
  });

  it('lists a professional’s own prescriptions, and lets only the author cancel', async () => {
    const created = await prescribe(ctx, doctor, { patientId, tools: [tool(magnesium)] });
    const own = await json<PrescriptionListDto>(await client(ctx, doctor).get('/prescriptions?limit=100'));
    expect(own.data.map((item) => item.id)).toContain(created.id);
    const others = await json<PrescriptionListDto>(await client(ctx, otherDoctor).get('/prescriptions'));
    expect(others.data.map((item) => item.id)).not.toContain(created.id);

    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    const shared = await prescribe(ctx, doctor, { patientId: demoPatient.id, tools: [tool(magnesium)] });
    const refused = await client(ctx, professional).send('POST', `/prescriptions/${shared.id}/cancel`, {});
    expect(refused.status).toBe(403);
    expect((await json<Problem>(refused)).message).toBe('Solo quien emitió la prescripción puede anularla.');

    const cancelled = await client(ctx, doctor).send('POST', `/prescriptions/${created.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(await json<PrescriptionDetailDto>(cancelled)).toMatchObject({ status: 'cancelled', products: [] });
  });

  it('lets a patient buy the hormones of their active prescriptions, and no others', async () => {
    const pregnenolone = await productIdOf(ctx, 'pregnenolona-30-mg');
    const demoPatient = { id: await registerIdOf(ctx, 'paciente.co@demo.test') };
    const patient = { token: await sessionFor(ctx, 'paciente.co@demo.test') };
    const quote = (productId: number) =>
      client(ctx, patient).send('POST', '/checkout/quote', {
        countryId: 1,
        items: [{ productId, quantity: 1 }],
        pointItems: [],
        promoCode: null,
        discountPoints: 0,
      });
    const hidden = await quote(pregnenolone);
    expect(hidden.status).toBe(422);
    expect((await json<Problem>(hidden)).message).toBe(`El producto ${pregnenolone} no existe o no está disponible.`);

    const created = await prescribe(ctx, doctor, { patientId: demoPatient.id, tools: [tool(pregnenolone)] });
    const prescribed = await quote(pregnenolone);
    expect(prescribed.status).toBe(200);
    expect(await json<QuoteDto>(prescribed)).toMatchObject({ requiresPrescription: true });

    expect((await client(ctx, doctor).send('POST', `/prescriptions/${created.id}/cancel`, {})).status).toBe(200);
    expect((await quote(pregnenolone)).status).toBe(422);
    // A professional-use product nobody prescribed to them stays hidden.
    expect((await quote(injectable)).status).toBe(422);
  });
});
