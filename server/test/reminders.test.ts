import { strFromU8, unzipSync } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import {
  buildReminderPayload,
  localDay,
  type PushDeviceDto,
  type PushLanguage,
  type PushPublicKeyDto,
  type ReminderListDto,
} from '../../src/lib/shared/reminders';
import { addDays } from '../../src/lib/shared/calendar-date';
import { loadConfig } from '../src/config';
import type { App } from '../src/http/app';
import { webPushSender } from '../src/reminders/push-sender';
import { REMINDER_CLAIM_MS } from '../src/reminders/scheduler';
import { daysOfSupply } from '../src/reminders/supply';
import { authHeaders, jsonRequest, sessionFor } from './helpers';
import { paidOrder, prescriptionOf } from './orders-fixtures';
import {
  decryptPush,
  fakeBrowser,
  prescribedPatient,
  pushServiceForFile,
  remindersApp,
  remindersOn,
  type FakeBrowser,
} from './reminders-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';
import { firstSendHeld } from './support/first-send-held';
import { D3_DROPS, DHEA, MAGNESIO, MELATONINA, ZINC } from './support/seed-products';

const BOGOTA = 'America/Bogota';
const DAY_MS = 86_400_000;
const SOME_TOOL = [{ slug: ZINC, dailyCapsules: 1, units: 1 }];

describe('days of supply', () => {
  const supply = (
    unitsPerContainer: number | null,
    unitSymbol: string | null,
    dailyUnits: number | null,
    containers = 1,
  ) => daysOfSupply({ unitsPerContainer, unitSymbol, dailyUnits, containers });

  it('is units per container ÷ daily units × containers bought', () => {
    expect(supply(60, 'cápsulas', 2, 2)).toBe(60);
    expect(supply(60, 'cápsulas', 1)).toBe(60);
    expect(supply(60, 'cápsulas', 1.5)).toBe(40);
    expect(supply(30, 'unidades', 0.5, 3)).toBe(180);
  });

  it('rounds down, so a reminder is never late', () => {
    expect(supply(90, 'tabletas', 4)).toBe(22);
    expect(supply(10, 'cápsulas', 0.3, 3)).toBe(100);
  });

  it('gives no figure without units, daily units, a countable unit or a whole day', () => {
    expect(supply(null, null, 2)).toBeNull();
    expect(supply(60, 'cápsulas', null)).toBeNull();
    expect(supply(60, 'cápsulas', 0)).toBeNull();
    expect(supply(60, 'cápsulas', 2, 0)).toBeNull();
    expect(supply(30, 'ml', 5)).toBeNull();
    expect(supply(300, 'g', 10)).toBeNull();
    expect(supply(1, 'ampolla', 2)).toBeNull();
  });
});

describe('configuration', () => {
  it('takes both VAPID keys or neither, and checks them', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).toThrow(/65 bytes/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'dispensario.test' })).toThrow(/VAPID_SUBJECT/);
    const config = loadConfig({ REMINDERS_INTERVAL_MS: '5000' });
    expect(config.remindersIntervalMs).toBe(5000);
    expect(config.vapid.publicKey).toBeUndefined();
  });
});

describe('re-purchase reminders', () => {
  let now = new Date();
  let sequence = 0;

  const clock = () => now;
  const remindersOptions = remindersOn(clock);
  const ctx = testContextForFile({ app: remindersApp(clock) });
  const push = pushServiceForFile();
  const doctor = demoCaller(ctx, 'doctor');
  const db = () => ctx.database.db;

  beforeEach(() => {
    now = new Date();
  });

  /** A patient with an account, prescribed `tools` by the demo doctor, and a device of their own. */
  async function patientWith(tools: { slug: string; dailyCapsules: number; units: number }[]) {
    sequence += 1;
    const { user, headers, prescription } = await prescribedPatient(ctx, doctor, tools);
    const browser = fakeBrowser(`${push.url}/dispositivo-${sequence}`);
    return { user, headers, prescription, browser, path: `/dispositivo-${sequence}` };
  }

  async function subscribe(headers: Record<string, string>, browser: FakeBrowser, app: App = ctx.app) {
    const response = await app.request('/api/push/subscriptions', jsonRequest('POST', browser.subscription, headers));
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as PushDeviceDto;
  }

  /** The same browser, saying its interface language as the storefront does since issue #19. */
  const speaking = (browser: FakeBrowser, language: PushLanguage): FakeBrowser => ({
    ...browser,
    subscription: { ...browser.subscription, language },
  });

  const pay = (headers: Record<string, string>, lines: [string, number][], overrides = {}) =>
    paidOrder(ctx, headers, lines, overrides);

  async function reminders(headers: Record<string, string>) {
    const response = await ctx.app.request('/api/reminders', { headers });
    expect(response.status).toBe(200);
    return ((await response.json()) as ReminderListDto).data;
  }

  const notificationsOf = (prescriptionId: number) =>
    db()
      .selectFrom('reminder_notifications as n')
      .innerJoin('reminder_schedules as s', 's.id', 'n.schedule_id')
      .select([
        'n.schedule_id',
        'n.lead_days',
        'n.due_at',
        'n.attempts',
        'n.sent_at',
        'n.outcome',
        'n.last_error',
        'n.next_attempt_at',
      ])
      .where('s.prescription_id', '=', prescriptionId)
      .orderBy('n.due_at')
      .execute();

  const receivedAt = (path: string) => push.received.filter((request) => request.path === path);

  /** A patient prescribed one box of zinc, subscribed on their device, who bought it: its reminders are scheduled. */
  async function boughtZinc() {
    const patient = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    await subscribe(patient.headers, patient.browser);
    await pay(patient.headers, [[ZINC, 1]]);
    return { ...patient, notifications: await notificationsOf(patient.prescription.id) };
  }

  it('schedules one reminder per prescription purchase when the order is paid, due when the first product runs out', async () => {
    const { headers, prescription } = await patientWith([
      { slug: MAGNESIO, dailyCapsules: 2, units: 2 },
      { slug: ZINC, dailyCapsules: 3, units: 1 },
      { slug: D3_DROPS, dailyCapsules: 5, units: 1 },
    ]);
    const order = await pay(headers, [
      [MAGNESIO, 2],
      [ZINC, 1],
      [D3_DROPS, 1],
      [MELATONINA, 1],
    ]);
    const purchaseDay = localDay(new Date(), BOGOTA);

    const list = await reminders(headers);
    expect(list).toHaveLength(1);
    const [reminder] = list;
    expect(reminder).toMatchObject({
      prescriptionId: prescription.id,
      prescriptionType: 'prescription',
      orderNumber: order.number,
      status: 'upcoming',
      // Zinc: 60 ÷ 3 = 20 days; magnesium: 60 ÷ 2 × 2 = 60 days. Drops (ml) and the unprescribed product: none.
      runsOutOn: addDays(purchaseDay, 20),
      url: `/co/bolsa?recompra=${prescription.id}`,
      products: [
        { name: 'Zinc Picolinato 30 mg', quantity: 1, daysOfSupply: 20, runsOutOn: addDays(purchaseDay, 20) },
        {
          name: 'Magnesio Bisglicinato 400 mg',
          quantity: 2,
          daysOfSupply: 60,
          runsOutOn: addDays(purchaseDay, 60),
        },
      ],
    });
    // 7 and 2 days before, at 09:00 in Bogotá (14:00 UTC).
    expect(reminder?.notifications).toEqual([
      { leadDays: 7, dueAt: `${addDays(purchaseDay, 13)}T14:00:00.000Z`, sentAt: null, outcome: null },
      { leadDays: 2, dueAt: `${addDays(purchaseDay, 18)}T14:00:00.000Z`, sentAt: null, outcome: null },
    ]);
    // Another user sees none of it.
    const other = authHeaders(await sessionFor(ctx, 'paciente.co@demo.test'), 'co');
    expect((await reminders(other)).some((entry) => entry.prescriptionId === prescription.id)).toBe(false);
  });

  it('sends a due reminder with web-push: VAPID authorisation, TTL and an aes128gcm body the browser can read', async () => {
    const { headers, prescription, browser, path } = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    await subscribe(headers, browser);
    await pay(headers, [[ZINC, 1]]);
    const purchaseDay = localDay(new Date(), BOGOTA);
    const [first] = await notificationsOf(prescription.id);
    expect(first?.lead_days).toBe(7);

    now = new Date(first!.due_at.getTime() - 60_000);
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(0);

    now = first!.due_at;
    await ctx.app.reminders.scheduler.runDue();
    const [request] = receivedAt(path);
    expect(receivedAt(path)).toHaveLength(1);
    const { publicKey } = (await (await ctx.app.request('/api/push/public-key')).json()) as PushPublicKeyDto;
    expect(request?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(request?.headers.ttl).toBe('86400');
    expect(request?.headers.urgency).toBe('normal');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    const today = localDay(now, BOGOTA);
    const payload: unknown = JSON.parse(decryptPush(browser, request!.body));
    expect(payload).toEqual(
      buildReminderPayload({
        reminderId: (await reminders(headers))[0]!.id,
        country: 'co',
        prescriptionId: prescription.id,
        productNames: ['Zinc Picolinato 30 mg'],
        runsOutOn: addDays(purchaseDay, 30),
        today,
      }),
    );
    expect(payload).toMatchObject({
      title: 'Es hora de reponer tu tratamiento',
      // Weekdays and months are Spanish words, some with accents ('sábado', 'miércoles'): \w would not match them.
      body: expect.stringMatching(/^Tu Zinc Picolinato 30 mg se termina en 7 días \(el \p{L}+ \d+ de \p{L}+\)\. Toca/u),
      url: `/co/bolsa?recompra=${prescription.id}`,
    });

    const [sent] = await notificationsOf(prescription.id);
    expect(sent).toMatchObject({ outcome: 'sent', attempts: 1, last_error: null });
    expect(sent?.sent_at).toEqual(now);
    // Run again: nothing is sent twice.
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(1);
  });

  it('sends each device of the patient the reminder in the language its interface shows', async () => {
    const { headers, prescription, browser, path } = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    const englishPath = `${path}-en`;
    const englishBrowser = fakeBrowser(`${push.url}${englishPath}`);
    // The first device subscribed before it could say (Spanish); the second chose English.
    await subscribe(headers, browser);
    await subscribe(headers, speaking(englishBrowser, 'en'));
    await pay(headers, [[ZINC, 1]]);
    const purchaseDay = localDay(new Date(), BOGOTA);
    const [first] = await notificationsOf(prescription.id);

    now = first!.due_at;
    await ctx.app.reminders.scheduler.runDue();
    const read = (device: FakeBrowser, at: string): unknown => {
      const requests = receivedAt(at);
      expect(requests, at).toHaveLength(1);
      return JSON.parse(decryptPush(device, requests[0]!.body));
    };
    const input = {
      reminderId: (await reminders(headers))[0]!.id,
      country: 'co' as const,
      prescriptionId: prescription.id,
      productNames: ['Zinc Picolinato 30 mg'],
      runsOutOn: addDays(purchaseDay, 30),
      today: localDay(now, BOGOTA),
    };
    const spanish = read(browser, path);
    const english = read(englishBrowser, englishPath);
    expect(spanish).toEqual(buildReminderPayload(input));
    expect(spanish).toMatchObject({
      title: 'Es hora de reponer tu tratamiento',
      body: expect.stringMatching(/^Tu Zinc Picolinato 30 mg se termina en 7 días \(el \p{L}+ \d+ de \p{L}+\)\. Toca/u),
    });
    expect(english).toEqual(buildReminderPayload(input, 'en'));
    expect(english).toMatchObject({
      title: 'Time to restock your treatment',
      body: expect.stringMatching(
        /^Your Zinc Picolinato 30 mg runs out in 7 days \(on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}\)\. Tap to order it again/,
      ),
      url: `/co/bolsa?recompra=${prescription.id}`,
      tag: `recompra-co-${prescription.id}`,
    });
    expect(await notificationsOf(prescription.id)).toMatchObject([{ outcome: 'sent' }, { outcome: null }]);
  });

  it('forgets a subscription the push service answers 410 to', async () => {
    const { prescription, browser, path, notifications } = await boughtZinc();
    const [first] = notifications;
    push.answer(410);
    now = first!.due_at;
    await ctx.app.reminders.scheduler.runDue();

    expect(receivedAt(path)).toHaveLength(1);
    const devices = await db()
      .selectFrom('push_subscriptions')
      .select('id')
      .where('endpoint', '=', browser.subscription.endpoint)
      .execute();
    expect(devices).toEqual([]);
    const [closed] = await notificationsOf(prescription.id);
    expect(closed).toMatchObject({ outcome: 'no_device', sent_at: null });
    expect(closed?.last_error).toMatch(/respondió 410/);
  });

  it('retries a failing push service later, and never repeats a device that already got the reminder', async () => {
    const { headers, prescription, browser, path } = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    const secondPath = `/segundo${path}`;
    await subscribe(headers, browser);
    await pay(headers, [[ZINC, 1]]);
    const [first] = await notificationsOf(prescription.id);
    now = first!.due_at;

    push.answer(503);
    await ctx.app.reminders.scheduler.runDue();
    let [state] = await notificationsOf(prescription.id);
    expect(state).toMatchObject({ outcome: null, attempts: 1, sent_at: null });
    expect(state?.last_error).toMatch(/respondió 503/);
    expect(state?.next_attempt_at).toEqual(new Date(now.getTime() + 5 * 60_000));
    // Not before its time.
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(1);

    // A second device joins: it gets the reminder, the first one still fails.
    await subscribe(headers, fakeBrowser(`${push.url}${secondPath}`));
    push.answer(201);
    push.answer(503, path);
    now = new Date(now.getTime() + 5 * 60_000);
    const firstDelivery = now;
    await ctx.app.reminders.scheduler.runDue();
    [state] = await notificationsOf(prescription.id);
    expect(state).toMatchObject({ outcome: null, attempts: 2 });
    expect(state?.sent_at).toEqual(firstDelivery);
    expect(state?.next_attempt_at).toEqual(new Date(now.getTime() + 10 * 60_000));

    push.answer(201);
    now = new Date(now.getTime() + 10 * 60_000);
    await ctx.app.reminders.scheduler.runDue();
    [state] = await notificationsOf(prescription.id);
    expect(state).toMatchObject({ outcome: 'sent', attempts: 3, sent_at: firstDelivery });
    expect(receivedAt(path)).toHaveLength(3);
    expect(receivedAt(secondPath)).toHaveLength(1);
  });

  it('after a restart, a new scheduler on the same database sends what fell due and never what was sent', async () => {
    const { prescription, browser, path, notifications } = await boughtZinc();
    const [sevenDays, twoDays] = notifications;
    now = sevenDays!.due_at;
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(1);

    // The server stops; while it is down the second reminder falls due.
    await ctx.app.reminders.scheduler.stop();
    now = new Date(twoDays!.due_at.getTime() + DAY_MS / 2);
    const restarted = ctx.makeApp({ reminders: remindersOptions });
    restarted.reminders.scheduler.start(50);
    // A budget against hangs, not a speed check (the scheduler looks every 50 ms): the suite runs beside the others
    // on two busy cores.
    await expect.poll(() => receivedAt(path).length, { timeout: 20_000 }).toBe(2);
    await restarted.reminders.scheduler.stop();

    const second = JSON.parse(decryptPush(browser, receivedAt(path)[1]!.body)) as { body: string };
    expect(second.body).toMatch(/se termina en 2 días/);
    const states = await notificationsOf(prescription.id);
    expect(states.map((state) => [state.lead_days, state.outcome, state.attempts])).toEqual([
      [7, 'sent', 1],
      [2, 'sent', 1],
    ]);
    // Yet another start sends nothing more.
    await ctx.makeApp({ reminders: remindersOptions }).reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(2);
  });

  it('two schedulers running at once send a reminder once', async () => {
    const { path, notifications } = await boughtZinc();
    const [first] = notifications;
    now = first!.due_at;
    const other = ctx.makeApp({ reminders: remindersOptions });
    await Promise.all([ctx.app.reminders.scheduler.runDue(), other.reminders.scheduler.runDue()]);
    expect(receivedAt(path)).toHaveLength(1);
  });

  it('two instances, each with its own connection pool on PostgreSQL, running the tick at once send a due reminder once', async () => {
    const { prescription, path, notifications } = await boughtZinc();
    const [first] = notifications;
    now = first!.due_at;
    const [one, two] = await Promise.all([
      ctx.openInstance({ reminders: remindersOptions }),
      ctx.openInstance({ reminders: remindersOptions }),
    ]);
    await Promise.all([one.reminders.scheduler.runDue(), two.reminders.scheduler.runDue()]);
    expect(receivedAt(path)).toHaveLength(1);
    const [state] = await notificationsOf(prescription.id);
    expect(state).toMatchObject({ outcome: 'sent', attempts: 1 });
  });

  it('a reminder claimed by an instance that died goes out once, when its claim lapses', async () => {
    const { prescription, path, notifications } = await boughtZinc();
    const [first] = notifications;
    now = first!.due_at;
    // What a claim writes, by an instance that then died before sending.
    await db()
      .updateTable('reminder_notifications')
      .set({ claimed_until: new Date(now.getTime() + REMINDER_CLAIM_MS), attempts: 1 })
      .where('schedule_id', '=', first!.schedule_id)
      .where('lead_days', '=', first!.lead_days)
      .execute();
    const survivor = await ctx.openInstance({ reminders: remindersOptions });
    await survivor.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(0);
    now = new Date(now.getTime() + REMINDER_CLAIM_MS + 1);
    await survivor.reminders.scheduler.runDue();
    await survivor.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(1);
    const [state] = await notificationsOf(prescription.id);
    expect(state).toMatchObject({ outcome: 'sent', attempts: 2 });
  });

  it('an instance stopping mid-run finishes the reminder it is sending and hands the others back at once', async () => {
    const patients = [
      await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]),
      await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]),
    ];
    for (const patient of patients) {
      await subscribe(patient.headers, patient.browser);
      await pay(patient.headers, [[ZINC, 1]]);
    }
    const firsts = await Promise.all(
      patients.map(async (patient) => (await notificationsOf(patient.prescription.id))[0]!),
    );
    now = new Date(Math.max(...firsts.map((notification) => notification.due_at.getTime())));
    const held = firstSendHeld();
    const stopping = await ctx.openInstance({
      reminders: {
        ...remindersOptions,
        sender: async (...request) => {
          await held.enter();
          return webPushSender(...request);
        },
      },
    });
    await held.stopDuring(
      () => stopping.reminders.scheduler.runDue(),
      () => stopping.reminders.scheduler.stop(),
    );
    expect(held.calls).toBe(1);
    const states = (await Promise.all(patients.map((patient) => notificationsOf(patient.prescription.id)))).map(
      ([state]) => state!,
    );
    // Nothing stays claimed; what was not sent has its attempt back.
    for (const state of states.filter((candidate) => candidate.outcome === null)) {
      expect(state).toMatchObject({ attempts: 0 });
    }
    expect(
      (
        await db()
          .selectFrom('reminder_notifications')
          .select('id')
          .where('claimed_until', 'is not', null)
          .where('closed_at', 'is', null)
          .execute()
      ).length,
    ).toBe(0);

    await (await ctx.openInstance({ reminders: remindersOptions })).reminders.scheduler.runDue();
    for (const patient of patients) expect(receivedAt(patient.path)).toHaveLength(1);
  });

  it('a late first reminder gives way to the shorter lead, and a stale one is dropped', async () => {
    const { prescription, path, notifications } = await boughtZinc();
    const [, twoDays] = notifications;
    // Down for days: both are due, only the two-day one goes.
    now = twoDays!.due_at;
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(path)).toHaveLength(1);
    expect((await notificationsOf(prescription.id)).map((state) => state.outcome)).toEqual(['superseded', 'sent']);

    now = new Date();
    const late = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    await subscribe(late.headers, late.browser);
    await pay(late.headers, [[ZINC, 1]]);
    now = new Date(Date.now() + 40 * DAY_MS);
    await ctx.app.reminders.scheduler.runDue();
    expect(receivedAt(late.path)).toHaveLength(0);
    expect((await notificationsOf(late.prescription.id)).map((state) => state.outcome)).toEqual(['expired', 'expired']);
  });

  it('a supply shorter than the lead gets one reminder the next morning', async () => {
    const { headers, prescription } = await patientWith([{ slug: ZINC, dailyCapsules: 20, units: 1 }]);
    await pay(headers, [[ZINC, 1]]);
    const purchaseDay = localDay(new Date(), BOGOTA);
    const states = await notificationsOf(prescription.id);
    expect(states.map((state) => [state.lead_days, state.due_at.toISOString()])).toEqual([
      [2, `${addDays(purchaseDay, 1)}T14:00:00.000Z`],
    ]);
    // Nobody subscribed: the reminder stays in the in-app list only.
    now = states[0]!.due_at;
    await ctx.app.reminders.scheduler.runDue();
    expect((await notificationsOf(prescription.id))[0]?.outcome).toBe('no_device');
    expect((await reminders(headers))[0]?.notifications[0]?.outcome).toBe('no_device');
  });

  it('buying again before running out adds the new supply after the old one and replaces the schedule', async () => {
    const { headers, prescription } = await patientWith([
      { slug: ZINC, dailyCapsules: 2, units: 1 },
      { slug: MAGNESIO, dailyCapsules: 1, units: 1 },
    ]);
    await pay(headers, [
      [ZINC, 1],
      [MAGNESIO, 1],
    ]);
    await pay(headers, [[ZINC, 1]]);
    const purchaseDay = localDay(new Date(), BOGOTA);
    const list = await reminders(headers);
    expect(list).toHaveLength(1);
    expect(list[0]?.products.map((product) => [product.name, product.runsOutOn])).toEqual([
      // Zinc: the second bottle starts when the first one ends (30 + 30 days); magnesium keeps its 60 days.
      ['Magnesio Bisglicinato 400 mg', addDays(purchaseDay, 60)],
      ['Zinc Picolinato 30 mg', addDays(purchaseDay, 60)],
    ]);
    const outcomes = await notificationsOf(prescription.id);
    expect(outcomes.filter((state) => state.outcome === 'superseded')).toHaveLength(2);
    expect(outcomes.filter((state) => state.outcome === null)).toHaveLength(2);
  });

  it('a hormone order gets its reminders once released, counted from the release', async () => {
    const { headers, prescription, user } = await patientWith([{ slug: DHEA, dailyCapsules: 1, units: 1 }]);
    const prescriptionDocumentId = await prescriptionOf(ctx, { user, headers });
    const order = await pay(headers, [[DHEA, 1]], { prescriptionDocumentId });
    expect(await reminders(headers)).toEqual([]);
    const admin = authHeaders(await sessionFor(ctx, 'admin@demo.test'), 'co');
    const approve = await ctx.app.request(
      `/api/admin/hormone-orders/${order.id}/approve`,
      jsonRequest('POST', {}, admin),
    );
    expect(approve.status).toBe(200);
    const [reminder] = await reminders(headers);
    expect(reminder).toMatchObject({
      prescriptionId: prescription.id,
      runsOutOn: addDays(localDay(new Date(), BOGOTA), 60),
    });
  });

  it('the scheduler catches up on a paid order whose reminders were never scheduled (a crash after payment)', async () => {
    const { headers, prescription } = await patientWith([{ slug: ZINC, dailyCapsules: 2, units: 1 }]);
    const order = await pay(headers, [[ZINC, 1]]);
    await db().deleteFrom('reminder_schedules').where('order_id', '=', order.id).execute();
    await db().deleteFrom('reminder_order_checks').where('order_id', '=', order.id).execute();
    expect(await reminders(headers)).toEqual([]);

    const result = await ctx.app.reminders.scheduler.runDue();
    expect(result.scheduled).toBeGreaterThanOrEqual(1);
    expect((await reminders(headers)).map((reminder) => reminder.prescriptionId)).toEqual([prescription.id]);
    // Examined once: a second run makes nothing new.
    await ctx.app.reminders.scheduler.runDue();
    expect(await reminders(headers)).toHaveLength(1);
  });

  describe('subscriptions', () => {
    it('stores one row per browser: subscribing again updates it, another user takes it over', async () => {
      const first = await patientWith(SOME_TOOL);
      const second = await patientWith(SOME_TOOL);
      const created = await subscribe(first.headers, first.browser);
      const again = await subscribe(first.headers, first.browser);
      expect(again.createdAt).toBe(created.createdAt);
      const list = async (headers: Record<string, string>) =>
        ((await (await ctx.app.request('/api/push/subscriptions', { headers })).json()) as { data: PushDeviceDto[] })
          .data;
      expect((await list(first.headers)).map((device) => device.endpoint)).toEqual([
        first.browser.subscription.endpoint,
      ]);

      await subscribe(second.headers, first.browser);
      expect(await list(first.headers)).toEqual([]);
      expect(await list(second.headers)).toHaveLength(1);
      const rows = await db()
        .selectFrom('push_subscriptions')
        .select(['user_id', 'country_id'])
        .where('endpoint', '=', first.browser.subscription.endpoint)
        .execute();
      expect(rows).toEqual([{ user_id: second.user.id, country_id: 1 }]);
    });

    it('keeps the device’s language: English when it says so, Spanish when it says nothing, the new one after a switch', async () => {
      const { headers, browser } = await patientWith(SOME_TOOL);
      const stored = async () =>
        (
          await db()
            .selectFrom('push_subscriptions')
            .select('language')
            .where('endpoint', '=', browser.subscription.endpoint)
            .execute()
        ).map((row) => row.language);
      const devices = async () =>
        ((await (await ctx.app.request('/api/push/subscriptions', { headers })).json()) as { data: PushDeviceDto[] })
          .data;

      const english = await subscribe(headers, speaking(browser, 'en'));
      expect(english.language).toBe('en');
      expect(await stored()).toEqual(['en']);
      expect(await devices()).toEqual([english]);

      // A client older than issue #19 sends no language: Spanish, as every device was before.
      expect((await subscribe(headers, browser)).language).toBe('es');
      expect(await stored()).toEqual(['es']);

      expect((await subscribe(headers, speaking(browser, 'en'))).language).toBe('en');
      const withNull = await ctx.app.request(
        '/api/push/subscriptions',
        jsonRequest('POST', { ...browser.subscription, language: null }, headers),
      );
      expect(withNull.status).toBe(200);
      expect(((await withNull.json()) as PushDeviceDto).language).toBe('es');
      expect((await subscribe(headers, speaking(browser, 'es'))).language).toBe('es');
      expect(await stored()).toEqual(['es']);
    });

    it('refuses a language other than es or en with a Spanish 400, and keeps the one stored', async () => {
      const { headers, browser } = await patientWith(SOME_TOOL);
      await subscribe(headers, speaking(browser, 'en'));
      const message = 'El idioma de las notificaciones debe ser «es» (español) o «en» (inglés).';
      for (const language of ['fr', 'EN', 'es-CO', '', 1, ['en']]) {
        const response = await ctx.app.request(
          '/api/push/subscriptions',
          jsonRequest('POST', { ...browser.subscription, language }, headers),
        );
        expect(response.status, JSON.stringify(language)).toBe(400);
        const body = (await response.json()) as ApiErrorBody & { fieldErrors?: unknown };
        expect(body.message).toBe('Revisa los datos del formulario.');
        expect(body.fieldErrors).toEqual([{ field: 'language', message }]);
      }
      const rows = await db()
        .selectFrom('push_subscriptions')
        .select('language')
        .where('endpoint', '=', browser.subscription.endpoint)
        .execute();
      expect(rows).toEqual([{ language: 'en' }]);
      // The database refuses it too, whatever writes the row.
      await expect(
        db()
          .updateTable('push_subscriptions')
          .set({ language: 'fr' as PushLanguage })
          .where('endpoint', '=', browser.subscription.endpoint)
          .execute(),
      ).rejects.toThrow(/check constraint/);
    });

    it('lists the device’s language, not its keys, in the account’s data export', async () => {
      const { headers, browser } = await patientWith(SOME_TOOL);
      await subscribe(headers, speaking(browser, 'en'));
      const response = await ctx.app.request('/api/privacy/export', { headers });
      expect(response.status).toBe(200);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const data = JSON.parse(strFromU8(files['datos.json'] ?? new Uint8Array())) as {
        pushSubscriptions: Record<string, unknown>[];
      };
      expect(data.pushSubscriptions).toEqual([
        expect.objectContaining({ endpoint: browser.subscription.endpoint, language: 'en' }),
      ]);
      expect(data.pushSubscriptions[0]).not.toHaveProperty('p256dh');
      expect(data.pushSubscriptions[0]).not.toHaveProperty('auth');
    });

    it('deletes only the caller’s own browser', async () => {
      const owner = await patientWith(SOME_TOOL);
      const stranger = await patientWith(SOME_TOOL);
      await subscribe(owner.headers, owner.browser);
      const body = { endpoint: owner.browser.subscription.endpoint };
      const refused = await ctx.app.request('/api/push/subscriptions', jsonRequest('DELETE', body, stranger.headers));
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as ApiErrorBody).message).toBe(
        'Este dispositivo no recibe recordatorios en tu cuenta.',
      );
      const deleted = await ctx.app.request('/api/push/subscriptions', jsonRequest('DELETE', body, owner.headers));
      expect(deleted.status).toBe(204);
      const again = await ctx.app.request('/api/push/subscriptions', jsonRequest('DELETE', body, owner.headers));
      expect(again.status).toBe(404);
    });

    it('refuses a broken subscription with Spanish messages', async () => {
      const { headers, browser } = await patientWith(SOME_TOOL);
      const post = async (body: unknown, app: App = ctx.app) => {
        const response = await app.request('/api/push/subscriptions', jsonRequest('POST', body, headers));
        return { status: response.status, body: (await response.json()) as ApiErrorBody & { fieldErrors?: unknown } };
      };
      const missing = await post({});
      expect(missing.status).toBe(400);
      expect(missing.body.fieldErrors).toEqual([
        { field: 'endpoint', message: 'Campo obligatorio' },
        { field: 'keys', message: 'Campo obligatorio' },
      ]);
      const badKeys = await post({ ...browser.subscription, keys: { p256dh: 'abc', auth: 'def' } });
      expect(badKeys.body.message).toBe('Revisa los datos del formulario.');
      expect(badKeys.body.fieldErrors).toEqual([
        { field: 'keys', message: 'La clave p256dh del navegador no es válida.' },
      ]);
      const badTime = await post({ ...browser.subscription, expirationTime: 'mañana' });
      expect(badTime.body.fieldErrors).toEqual([
        { field: 'expirationTime', message: 'El vencimiento debe ser una fecha en milisegundos o null.' },
      ]);
      // Outside tests the server only posts to a push service's public HTTPS name.
      const strict = ctx.makeApp({ reminders: { clock } });
      for (const endpoint of [
        browser.subscription.endpoint,
        'https://127.0.0.1/push',
        'https://localhost/push',
        'nada',
      ]) {
        const refused = await post({ ...browser.subscription, endpoint }, strict);
        expect(refused.status, endpoint).toBe(400);
        expect((refused.body.fieldErrors as { field: string }[])[0]?.field).toBe('endpoint');
      }
      const accepted = await post(
        { ...browser.subscription, endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
        strict,
      );
      expect(accepted.status).toBe(200);
      expect((await post('[]')).status).toBe(400);
    });
  });

  describe('VAPID keys', () => {
    it('are generated once, stored, and the same after a restart', async () => {
      const key = async (app: App) =>
        ((await (await app.request('/api/push/public-key')).json()) as PushPublicKeyDto).publicKey;
      const first = await key(ctx.app);
      expect(Buffer.from(first, 'base64url')).toHaveLength(65);
      expect(await key(ctx.makeApp())).toBe(first);
      const rows = await db().selectFrom('push_vapid_keys').select('public_key').execute();
      expect(rows).toEqual([{ public_key: first }]);
    });

    it('come from the configuration when it has them', async () => {
      const configured = {
        subject: 'mailto:soporte@dispensario.test',
        publicKey: 'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo',
        privateKey: 'xKZKYRNdFFn8iQIF2MH54KTfUHwH105zBdzMR7SI3xI',
      };
      const app = ctx.makeApp({ reminders: { vapid: configured } });
      const answer = (await (await app.request('/api/push/public-key')).json()) as PushPublicKeyDto;
      expect(answer.publicKey).toBe(configured.publicKey);
    });
  });
});
