import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { TemplateDto, TemplateSummaryDto } from '../../src/lib/shared/prescriptions';
import { sessionFor } from './helpers';
import { client, createPatient, json, prescribe, productIdOf, tool, type Caller } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

const ctx = testContextForFile();
const doctor = demoCaller(ctx, 'doctor');
const professional = demoCaller(ctx, 'professional');
let patientId: number;
let magnesium: number;
let vitaminD: number;
let hormone: number;

beforeAll(async () => {
  patientId = (await createPatient(ctx, doctor)).patient.id;
  magnesium = await productIdOf(ctx, 'magnesio-bisglicinato-400-mg');
  vitaminD = await productIdOf(ctx, 'vitamina-d3-5000-ui');
  hormone = await productIdOf(ctx, 'dhea-25-mg');
});

const createTemplate = (caller: Caller, body: unknown) =>
  client(ctx, caller).send('POST', '/prescription-templates', body);

describe('prescription templates', () => {
  it('saves a prescription as a template and starts a new prescription from it', async () => {
    const source = await prescribe(ctx, doctor, {
      patientId,
      notes: 'Control en 6 semanas.',
      tools: [tool(magnesium, { momentsDay: [{ id: 8, quantity: 2 }], units: 1 }), tool(hormone)],
    });
    const response = await createTemplate(doctor, { name: 'Fatiga crónica', prescriptionId: source.id });
    expect(response.status).toBe(201);
    const template = await json<TemplateDto>(response);
    expect(template).toMatchObject({
      name: 'Fatiga crónica',
      type: 'prescription',
      toolCount: 2,
      notes: 'Control en 6 semanas.',
      problems: [],
    });
    expect(template.tools[0]).toMatchObject({
      productId: magnesium,
      name: 'Magnesio Bisglicinato 400 mg',
      momentsDay: [{ id: 8, quantity: 2 }],
      prescriptionDuration: { time: 'weeks', quantity: 6 },
      dailyCapsules: 2,
      units: 1,
      hasStock: true,
      problem: null,
      product: { id: magnesium, price: { currency: 'COP' } },
    });

    const list = await json<{ data: TemplateSummaryDto[] }>(await client(ctx, doctor).get('/prescription-templates'));
    expect(list.data.map((item) => item.id)).toContain(template.id);
    const opened = await json<TemplateDto>(await client(ctx, doctor).get(`/prescription-templates/${template.id}`));
    const fromTemplate = await prescribe(ctx, doctor, {
      patientId,
      templateId: template.id,
      notes: opened.notes,
      tools: opened.tools.map(
        ({ productId, momentsDay, prescriptionDuration, prescriptionIndications, dailyCapsules, units }) => ({
          productId,
          momentsDay,
          prescriptionDuration,
          prescriptionIndications,
          dailyCapsules,
          units,
        }),
      ),
    });
    expect(fromTemplate.templateId).toBe(template.id);
    expect(fromTemplate.tools.map((item) => item.momentsDay)).toEqual(source.tools.map((item) => item.momentsDay));
  });

  it('saves a template from scratch, validating its tools like a prescription', async () => {
    const invalid = await createTemplate(doctor, { name: '', tools: [tool(magnesium, { units: -1 })] });
    expect(invalid.status).toBe(400);
    expect((await json<ApiErrorBody & { fieldErrors: unknown[] }>(invalid)).fieldErrors).toEqual([
      { field: 'name', message: 'Campo obligatorio' },
      { field: 'tools.0.units', message: 'Las unidades deben ser un número entero mayor que 0.' },
    ]);
    const forbidden = await createTemplate(professional, { name: 'Hormonal', tools: [tool(hormone)] });
    expect(forbidden.status).toBe(422);
    expect((await json<ApiErrorBody>(forbidden)).message).toMatch(
      /^Como profesional de la salud solo puedes recomendar/,
    );
    const both = await createTemplate(doctor, { name: 'Ambos', prescriptionId: 1, tools: [tool(magnesium)] });
    expect(both.status).toBe(400);
    expect((await json<ApiErrorBody & { fieldErrors: unknown[] }>(both)).fieldErrors).toEqual([
      {
        field: 'tools',
        message:
          'Crea la plantilla desde una prescripción (prescriptionId) o con sus herramientas (tools), no con ambas.',
      },
    ]);

    const created = await createTemplate(professional, {
      name: 'Sueño',
      notes: 'Higiene del sueño',
      tools: [tool(vitaminD)],
    });
    expect(created.status).toBe(201);
    expect(await json<TemplateDto>(created)).toMatchObject({
      type: 'recommendation',
      notes: 'Higiene del sueño',
      toolCount: 1,
    });
  });

  it('says clearly which product of a template is no longer sold', async () => {
    const retired = await productIdOf(ctx, 'selenio-200-ug');
    const created = await json<TemplateDto>(
      await createTemplate(doctor, { name: 'Tiroides', tools: [tool(retired), tool(vitaminD)] }),
    );
    await ctx.database.db.updateTable('products').set({ active: false }).where('id', '=', retired).execute();
    const opened = await json<TemplateDto>(await client(ctx, doctor).get(`/prescription-templates/${created.id}`));
    expect(opened.problems).toEqual(['«Selenio 200 µg (L-selenometionina)» ya no se vende.']);
    expect(opened.tools[0]).toMatchObject({
      productId: retired,
      product: null,
      problem: '«Selenio 200 µg (L-selenometionina)» ya no se vende.',
    });
    expect(opened.tools[1]).toMatchObject({ productId: vitaminD, problem: null });

    // Prescribing it anyway is refused with the same words.
    const response = await client(ctx, doctor).send(
      'POST',
      '/prescriptions',
      { patientId, templateId: created.id, tools: opened.tools.map(({ productId }) => tool(productId)) },
      { 'idempotency-key': 'plantilla-retirada' },
    );
    expect(response.status).toBe(422);
    expect((await json<ApiErrorBody>(response)).message).toBe('«Selenio 200 µg (L-selenometionina)» ya no se vende.');
  });

  it('keeps each professional’s templates to themselves, and deletes them', async () => {
    const created = await json<TemplateDto>(
      await createTemplate(doctor, { name: 'Privada', tools: [tool(magnesium)] }),
    );
    const other = { token: await sessionFor(ctx, 'medico.mx@demo.test', 'mx'), country: 'mx' as const };
    for (const response of [
      await client(ctx, other).get(`/prescription-templates/${created.id}`),
      await client(ctx, other).delete(`/prescription-templates/${created.id}`),
    ]) {
      expect(response.status).toBe(404);
      expect((await json<ApiErrorBody>(response)).message).toBe('No encontramos esta plantilla entre tus plantillas.');
    }
    const deleted = await client(ctx, doctor).delete(`/prescription-templates/${created.id}`);
    expect(deleted.status).toBe(204);
    expect((await client(ctx, doctor).get(`/prescription-templates/${created.id}`)).status).toBe(404);
  });

  it('creates a template sent again with the same Idempotency-Key once (an outbox replay)', async () => {
    const key = `plantilla-${Date.now()}`;
    const body = { name: 'Sin conexión', tools: [tool(magnesium)] };
    const first = await client(ctx, doctor).send('POST', '/prescription-templates', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const replay = await client(ctx, doctor).send('POST', '/prescription-templates', body, { 'idempotency-key': key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const created = await json<TemplateDto>(first);
    expect((await json<TemplateDto>(replay)).id).toBe(created.id);
    const list = await json<{ data: TemplateSummaryDto[] }>(await client(ctx, doctor).get('/prescription-templates'));
    expect(list.data.filter((item) => item.name === 'Sin conexión')).toHaveLength(1);
  });
});
