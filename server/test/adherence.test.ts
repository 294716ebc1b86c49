import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adherenceState,
  type AdherenceReminderResultDto,
  type PatientAdherenceDto,
  type ProductAdherenceDto,
} from '../../src/lib/shared/adherence';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import type { PatientListDto } from '../../src/lib/shared/prescriptions';
import { localDay } from '../../src/lib/shared/reminders';
import { addDays } from '../../src/lib/shared/calendar-date';
import { authHeaders, createUser, jsonRequest, lastEmailTo, sessionFor } from './helpers';
import { paidOrder } from './orders-fixtures';
import { prescribe, productIdOf, registerIdOf } from './prescriptions-fixtures';
import {
  decryptPush,
  fakeBrowser,
  prescribedPatient,
  pushServiceForFile,
  remindersApp,
  toolsOf,
} from './reminders-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { MAGNESIO, ZINC } from './support/seed-products';

const BOGOTA = 'America/Bogota';
const DAY_MS = 86_400_000;

describe('adherence for professionals', () => {
  let now = new Date();
  let sequence = 0;
  const clock = () => now;
  // A fresh seeded database takes a while on a loaded two-core machine.
  const ctx = testContextForFile({ app: remindersApp(clock) }, 240_000);
  const push = pushServiceForFile();
  const doctor = demoCaller(ctx, 'doctor');
  const db = () => ctx.database.db;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const dayOf = (instant: Date) => localDay(instant, BOGOTA);
  const oneUnit = (tools: { slug: string; dailyCapsules: number }[]) => tools.map((item) => ({ ...item, units: 1 }));

  beforeEach(() => {
    now = new Date();
  });

  /** Dates a prescription back: the database stamps its creation itself. */
  const dateBack = (prescriptionId: number, daysAgo: number) =>
    sql`update prescriptions set created_at = ${ago(daysAgo)} where id = ${prescriptionId}`.execute(db());

  /** A patient of the demo doctor with an account, prescribed `tools` `daysAgo` days ago. */
  async function patientWith(tools: { slug: string; dailyCapsules: number }[], daysAgo: number) {
    sequence += 1;
    const made = await prescribedPatient(ctx, doctor, oneUnit(tools), { last_name: `Adherencia ${sequence}` });
    await dateBack(made.prescription.id, daysAgo);
    return made;
  }

  async function prescribeFor(patientId: number, tools: { slug: string; dailyCapsules: number }[], daysAgo: number) {
    const prescription = await prescribe(ctx, doctor, {
      patientId,
      notes: '',
      tools: await toolsOf(ctx, oneUnit(tools)),
    });
    await dateBack(prescription.id, daysAgo);
    return prescription;
  }

  /** A paid order of `lines`, dated `daysAgo` days ago. */
  async function bought(headers: Record<string, string>, lines: [string, number][], daysAgo: number) {
    const order = await paidOrder(ctx, headers, lines);
    await db()
      .updateTable('orders')
      .set({ paid_at: ago(daysAgo) })
      .where('id', '=', order.id)
      .execute();
    return order;
  }

  async function adherence(patientId: number, caller = doctor, country = 'co' as const) {
    const response = await ctx.app.request(`/api/patients/${patientId}/adherence`, {
      headers: authHeaders(caller.token, country),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as PatientAdherenceDto;
  }

  const productOf = async (answer: PatientAdherenceDto, slug: string): Promise<ProductAdherenceDto> => {
    const id = await productIdOf(ctx, slug);
    const product = answer.products.find((candidate) => candidate.productId === id);
    expect(product).toBeDefined();
    return product!;
  };

  const remind = (patientId: number, productId: number, caller = doctor) =>
    ctx.app.request(
      `/api/patients/${patientId}/adherence/${productId}/remind`,
      jsonRequest('POST', {}, authHeaders(caller.token, 'co')),
    );

  it('counts only purchases since the prescription, chains them, and shows products never bought', async () => {
    const { patient, headers } = await patientWith(
      [
        { slug: MAGNESIO, dailyCapsules: 2 },
        { slug: ZINC, dailyCapsules: 1 },
      ],
      40,
    );
    await bought(headers, [[MAGNESIO, 3]], 50); // before the prescription: not counted
    await bought(headers, [[MAGNESIO, 2]], 20); // 2 × 60 ÷ 2 = 60 days
    await bought(headers, [[MAGNESIO, 1]], 5); // 30 more days, after the first runs out

    const answer = await adherence(patient.id);
    expect(answer.today).toBe(dayOf(now));
    const magnesio = await productOf(answer, MAGNESIO);
    expect(magnesio).toMatchObject({
      prescribedOn: dayOf(ago(40)),
      dailyUnits: 2,
      unitsPerContainer: 60,
      lastPurchaseOn: dayOf(ago(5)),
      containersBought: 3,
      unitsBought: 180,
      daysCovered: 90,
      runsOutOn: addDays(dayOf(ago(20)), 90),
      lastReminderAt: null,
    });
    // A partial purchase: zinc was prescribed too and never bought.
    const zinc = await productOf(answer, ZINC);
    expect(zinc).toMatchObject({ lastPurchaseOn: null, containersBought: 0, daysCovered: null, runsOutOn: null });
  });

  it('counts each purchase with the dose of the prescription in force, from the first prescription of the product', async () => {
    const { patient, headers } = await patientWith([{ slug: MAGNESIO, dailyCapsules: 2 }], 60);
    await bought(headers, [[MAGNESIO, 1]], 50); // 60 ÷ 2 = 30 days
    await prescribeFor(patient.id, [{ slug: MAGNESIO, dailyCapsules: 1 }], 10);
    await bought(headers, [[MAGNESIO, 1]], 8); // 60 ÷ 1 = 60 days under the new prescription

    const magnesio = await productOf(await adherence(patient.id), MAGNESIO);
    expect(magnesio).toMatchObject({
      prescribedOn: dayOf(ago(60)),
      dailyUnits: 1,
      containersBought: 2,
      daysCovered: 90,
      // The first ran out 20 days ago; the second starts on its own purchase day.
      runsOutOn: addDays(dayOf(ago(8)), 60),
    });
  });

  it('lists each patient with their state and filters those whose supply runs out within 14 days', async () => {
    const soon = await patientWith([{ slug: MAGNESIO, dailyCapsules: 2 }], 40);
    await bought(soon.headers, [[MAGNESIO, 1]], 20); // runs out in 10 days
    const covered = await patientWith([{ slug: MAGNESIO, dailyCapsules: 1 }], 40);
    await bought(covered.headers, [[MAGNESIO, 1]], 5); // 55 days left
    const never = await patientWith([{ slug: ZINC, dailyCapsules: 1 }], 3);

    const list = async (query: string) => {
      const response = await ctx.app.request(`/api/patients?limit=100${query}`, {
        headers: authHeaders(doctor.token, 'co'),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as PatientListDto;
    };
    const all = await list('&search=Adherencia');
    const row = (id: number) => all.data.find((patient) => patient.id === id);
    expect(row(soon.patient.id)?.adherence).toEqual({
      products: 1,
      lastPurchaseOn: dayOf(ago(20)),
      runsOutOn: addDays(dayOf(ago(20)), 30),
    });
    expect(row(covered.patient.id)?.adherence?.runsOutOn).toBe(addDays(dayOf(ago(5)), 60));
    expect(row(never.patient.id)?.adherence).toEqual({ products: 1, lastPurchaseOn: null, runsOutOn: null });

    const filtered = await list('&adherencia=se-acaba&search=Adherencia');
    const ids = filtered.data.map((patient) => patient.id);
    expect(ids).toContain(soon.patient.id);
    expect(ids).not.toContain(covered.patient.id);
    expect(ids).not.toContain(never.patient.id);
    expect(filtered.total).toBe(filtered.data.length);

    const wrong = await ctx.app.request('/api/patients?adherencia=todos', { headers: authHeaders(doctor.token, 'co') });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).message).toBe('Los parámetros de la consulta no son válidos.');
  });

  it('shows the figures only to the prescribing professional and admins', async () => {
    const { patient, headers } = await patientWith([{ slug: MAGNESIO, dailyCapsules: 2 }], 10);
    const magnesioId = await productIdOf(ctx, MAGNESIO);
    const admin = { token: await sessionFor(ctx, 'admin@demo.test') };
    expect((await adherence(patient.id, admin)).products.map((product) => product.productId)).toEqual([magnesioId]);

    const other = { token: await sessionFor(ctx, 'medico.mx@demo.test', 'mx') };
    const asOther = await ctx.app.request(`/api/patients/${patient.id}/adherence`, {
      headers: authHeaders(other.token, 'mx'),
    });
    expect(asOther.status).toBe(404);
    const otherRemind = await ctx.app.request(
      `/api/patients/${patient.id}/adherence/${magnesioId}/remind`,
      jsonRequest('POST', {}, authHeaders(other.token, 'mx')),
    );
    expect(otherRemind.status).toBe(404);
    // The patient themself is not a professional: refused like the register's other calls.
    const asPatient = await ctx.app.request(`/api/patients/${patient.id}/adherence`, { headers });
    expect(asPatient.status).toBe(403);
    const anonymous = await ctx.app.request(`/api/patients/${patient.id}/adherence`);
    expect(anonymous.status).toBe(401);

    // A professional linked to the patient who prescribed nothing sees nothing of another's prescription.
    const colleague = await createUser(ctx, { role: 'doctor', email: `colega.${Date.now()}@prueba.test` });
    await db().updateTable('users').set({ approval_status: 'approved' }).where('id', '=', colleague.id).execute();
    await db().insertInto('patient_links').values({ professional_id: colleague.id, patient_id: patient.id }).execute();
    const colleagueCaller = { token: await sessionFor(ctx, colleague.email) };
    expect((await adherence(patient.id, colleagueCaller)).products).toEqual([]);
    expect((await remind(patient.id, magnesioId, colleagueCaller)).status).toBe(404);
  });

  it('reminds by e-mail without a device, by push with one, once a week per product', async () => {
    const { patient, headers } = await patientWith(
      [
        { slug: MAGNESIO, dailyCapsules: 2 },
        { slug: ZINC, dailyCapsules: 1 },
      ],
      30,
    );
    const magnesioId = await productIdOf(ctx, MAGNESIO);
    const zincId = await productIdOf(ctx, ZINC);

    const first = await remind(patient.id, magnesioId);
    expect(first.status, await first.clone().text()).toBe(200);
    const result = (await first.json()) as AdherenceReminderResultDto;
    expect(result).toEqual({
      channel: 'email',
      sentAt: now.toISOString(),
      remindAgainOn: addDays(dayOf(now), 7),
    });
    const email = await lastEmailTo(ctx, patient.email);
    expect(email?.subject).toBe('Tu profesional te recuerda tu tratamiento');
    expect(email?.text).toContain('te recuerda reponer Magnesio');
    expect(email?.text).toMatch(/\/co\/bolsa\?recompra=\d+/);

    const again = await remind(patient.id, magnesioId);
    expect(again.status).toBe(409);
    const refusal = (await again.json()) as ApiErrorBody & { remindAgainOn: string };
    expect(refusal.message).toMatch(
      /^Ya le recordamos este producto al paciente el [a-záéíóú]+ \d{1,2} de [a-z]+\. Podrás recordárselo de nuevo a partir del [a-záéíóú]+ \d{1,2} de [a-z]+\.$/,
    );
    expect(refusal.remindAgainOn).toBe(addDays(dayOf(now), 7));
    const product = await productOf(await adherence(patient.id), MAGNESIO);
    expect(product.lastReminderAt).toBe(now.toISOString());
    expect(product.remindAgainOn).toBe(addDays(dayOf(now), 7));

    // Another product of the same patient has its own week; with a device it goes by push.
    const browser = fakeBrowser(`${push.url}/adherencia-${sequence}`);
    const subscribed = await ctx.app.request(
      '/api/push/subscriptions',
      jsonRequest('POST', browser.subscription, headers),
    );
    expect(subscribed.status).toBe(200);
    const pushes = push.received.length;
    const byPush = await remind(patient.id, zincId);
    expect(byPush.status, await byPush.clone().text()).toBe(200);
    expect(((await byPush.json()) as AdherenceReminderResultDto).channel).toBe('push');
    expect(push.received.length).toBe(pushes + 1);

    // A week later the first product may be reminded again.
    now = new Date(now.getTime() + 7 * DAY_MS);
    expect((await remind(patient.id, magnesioId)).status).toBe(200);
    // A product that was not prescribed (by this professional) is not found.
    expect((await remind(patient.id, 999_999)).status).toBe(404);
  });

  it('reminds each of the patient’s devices in the language its interface shows', async () => {
    const { patient, headers } = await patientWith([{ slug: MAGNESIO, dailyCapsules: 2 }], 30);
    const devices = (['es', 'en'] as const).map((language) => {
      const path = `/adherencia-${sequence}-${language}`;
      return { language, path, browser: fakeBrowser(`${push.url}${path}`) };
    });
    for (const { language, browser } of devices) {
      const subscribed = await ctx.app.request(
        '/api/push/subscriptions',
        jsonRequest('POST', { ...browser.subscription, language }, headers),
      );
      expect(subscribed.status, await subscribed.clone().text()).toBe(200);
    }

    const response = await remind(patient.id, await productIdOf(ctx, MAGNESIO));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as AdherenceReminderResultDto).channel).toBe('push');
    const [spanish, english] = devices.map(({ path, browser }) => {
      const requests = push.received.filter((request) => request.path === path);
      expect(requests, path).toHaveLength(1);
      return JSON.parse(decryptPush(browser, requests[0]!.body)) as Record<string, unknown>;
    });
    const link = expect.stringMatching(/^\/co\/bolsa\?recompra=\d+$/);
    expect(spanish).toMatchObject({
      kind: 'repurchase-reminder',
      title: 'Tu profesional te recuerda tu tratamiento',
      body: expect.stringMatching(
        /^.+ te recuerda reponer Magnesio Bisglicinato 400 mg\. Toca para pedirlo de nuevo: lo dejamos listo en tu bolsa\.$/,
      ),
      url: link,
    });
    expect(english).toMatchObject({
      kind: 'repurchase-reminder',
      title: 'Your professional reminds you about your treatment',
      body: expect.stringMatching(
        /^.+ reminds you to restock Magnesio Bisglicinato 400 mg\. Tap to order it again: we'll have it ready in your bag\.$/,
      ),
      url: spanish?.url,
      tag: spanish?.tag,
    });
    // The same professional names both.
    expect(String(english?.body).split(' reminds you')[0]).toBe(String(spanish?.body).split(' te recuerda')[0]);
  });

  it('seeds a purchase: the Colombian demo patient’s magnesium runs out within two weeks, her DHEA was never bought', async () => {
    const demo = await registerIdOf(ctx, 'paciente.co@demo.test');
    const answer = await adherence(demo);
    const magnesio = await productOf(answer, MAGNESIO);
    expect(magnesio).toMatchObject({ containersBought: 1, unitsBought: 60, daysCovered: 30 });
    expect(magnesio.runsOutOn).toBe(addDays(magnesio.lastPurchaseOn!, 30));
    expect(adherenceState(magnesio, answer.today).kind).toBe('running-out');
    expect(adherenceState(await productOf(answer, 'dhea-25-mg'), answer.today).kind).toBe('never');
  });

  it('sends once when the professional taps twice at the same time, on two instances too', async () => {
    const { patient } = await patientWith([{ slug: MAGNESIO, dailyCapsules: 2 }], 30);
    const magnesioId = await productIdOf(ctx, MAGNESIO);
    const other = await ctx.openInstance({ reminders: { allowLocalEndpoints: true, clock } });
    // The reminder e-mails the patient has been sent so far.
    const reminderEmails = async () =>
      Number(
        (
          await db()
            .selectFrom('outbox_emails')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('to_address', '=', patient.email)
            .where('subject', '=', 'Tu profesional te recuerda tu tratamiento')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const emailsBefore = await reminderEmails();
    const tap = (app: typeof ctx.app) =>
      app.request(
        `/api/patients/${patient.id}/adherence/${magnesioId}/remind`,
        jsonRequest('POST', {}, authHeaders(doctor.token, 'co')),
      );
    const answers = await Promise.all([tap(ctx.app), tap(other), tap(ctx.app)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await reminderEmails()) - emailsBefore).toBe(1);
  });
});
