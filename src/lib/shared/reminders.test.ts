import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atLocalHour,
  buildReminderPayload,
  localDay,
  parseReminderPayload,
  reminderTimes,
  REMINDER_SEND_HOUR,
  type ReminderPayloadInput,
} from './reminders';
import { addDays, daysBetween } from './calendar-date';

const BOGOTA = 'America/Bogota';

describe('reminder times', () => {
  it('are 7 and 2 days before the supply runs out, at 09:00 in the store’s time zone', () => {
    const now = new Date('2026-11-25T20:00:00Z');
    expect(reminderTimes('2026-12-25', now, BOGOTA)).toEqual([
      { leadDays: 7, at: new Date('2026-12-18T14:00:00Z') },
      { leadDays: 2, at: new Date('2026-12-23T14:00:00Z') },
    ]);
    expect(reminderTimes('2026-12-25', now, 'America/Mexico_City')[0]?.at).toEqual(new Date('2026-12-18T15:00:00Z'));
  });

  it('keep only the leads still ahead, and a short supply gets one reminder the next morning', () => {
    const now = new Date('2026-11-25T20:00:00Z');
    expect(reminderTimes('2026-11-30', now, BOGOTA)).toEqual([{ leadDays: 2, at: new Date('2026-11-28T14:00:00Z') }]);
    expect(reminderTimes('2026-11-27', now, BOGOTA)).toEqual([{ leadDays: 1, at: new Date('2026-11-26T14:00:00Z') }]);
  });

  it('read the store’s day, not the UTC one', () => {
    // 22:00 in Bogotá is already the next day in UTC.
    expect(localDay(new Date('2026-11-26T03:00:00Z'), BOGOTA)).toBe('2026-11-25');
    expect(atLocalHour('2026-11-26', 9, 'America/Lima')).toEqual(new Date('2026-11-26T14:00:00Z'));
  });
});

describe('the push message', () => {
  const input: ReminderPayloadInput = {
    reminderId: 4,
    country: 'co',
    prescriptionId: 7001,
    productNames: ['Magnesio Bisglicinato 400 mg'],
    runsOutOn: '2026-12-24',
    today: '2026-12-17',
  };

  it('says in Spanish what runs out, when, and leads to the bag with the prescription', () => {
    expect(buildReminderPayload(input)).toEqual({
      kind: 'repurchase-reminder',
      reminderId: 4,
      country: 'co',
      prescriptionId: 7001,
      title: 'Es hora de reponer tu tratamiento',
      body: 'Tu Magnesio Bisglicinato 400 mg se termina en 7 días (el jueves 24 de diciembre). Toca para pedirlo de nuevo: lo dejamos listo en tu bolsa.',
      url: '/co/bolsa?recompra=7001',
      tag: 'recompra-co-7001',
    });
  });

  it('words several products, tomorrow, today and a late message', () => {
    const several = { ...input, productNames: ['Zinc Picolinato 30 mg', 'Magnesio', 'Omega 3'] };
    expect(buildReminderPayload({ ...several, today: '2026-12-23' }).body).toBe(
      'Tu Zinc Picolinato 30 mg y 2 productos más de tu tratamiento se terminan mañana. Toca para pedirlos de nuevo: los dejamos listos en tu bolsa.',
    );
    expect(buildReminderPayload({ ...input, productNames: ['Zinc', 'Magnesio'], today: '2026-12-24' }).body).toMatch(
      /^Tu Zinc y otro producto de tu tratamiento se terminan hoy\./,
    );
    expect(buildReminderPayload({ ...input, today: '2026-12-26' }).body).toMatch(
      /^Tu Magnesio Bisglicinato 400 mg ya se terminó\./,
    );
  });

  it('stays in Spanish when asked for Spanish, as for a device that never said', () => {
    const several = { ...input, productNames: ['Zinc', 'Magnesio'] };
    for (const today of ['2026-12-17', '2026-12-23', '2026-12-24', '2026-12-26']) {
      expect(buildReminderPayload({ ...input, today }, 'es')).toEqual(buildReminderPayload({ ...input, today }));
      expect(buildReminderPayload({ ...several, today }, 'es')).toEqual(buildReminderPayload({ ...several, today }));
    }
  });

  describe('in English', () => {
    const english = (overrides: Partial<ReminderPayloadInput>) =>
      buildReminderPayload({ ...input, ...overrides }, 'en');

    it('says what runs out and on which day, with the same link and tag as the Spanish one', () => {
      expect(english({})).toEqual({
        kind: 'repurchase-reminder',
        reminderId: 4,
        country: 'co',
        prescriptionId: 7001,
        title: 'Time to restock your treatment',
        body: "Your Magnesio Bisglicinato 400 mg runs out in 7 days (on Thursday, December 24). Tap to order it again: we'll have it ready in your bag.",
        url: '/co/bolsa?recompra=7001',
        tag: 'recompra-co-7001',
      });
      expect(english({ country: 'pe', runsOutOn: '2027-03-03', today: '2027-02-26' }).body).toBe(
        "Your Magnesio Bisglicinato 400 mg runs out in 5 days (on Wednesday, March 3). Tap to order it again: we'll have it ready in your bag.",
      );
    });

    it('words one product today, tomorrow and once it ran out', () => {
      expect(english({ today: '2026-12-23' }).body).toBe(
        "Your Magnesio Bisglicinato 400 mg runs out tomorrow. Tap to order it again: we'll have it ready in your bag.",
      );
      expect(english({ today: '2026-12-24' }).body).toBe(
        "Your Magnesio Bisglicinato 400 mg runs out today. Tap to order it again: we'll have it ready in your bag.",
      );
      expect(english({ today: '2026-12-26' }).body).toBe(
        "Your Magnesio Bisglicinato 400 mg has already run out. Tap to order it again: we'll have it ready in your bag.",
      );
    });

    it('words two and several products in every case', () => {
      const two = { productNames: ['Zinc Picolinato 30 mg', 'Magnesio'] };
      const three = { productNames: ['Zinc Picolinato 30 mg', 'Magnesio', 'Omega 3'] };
      const them = "Tap to order them again: we'll have them ready in your bag.";
      expect(english({ ...two, today: '2026-12-14' }).body).toBe(
        `Your Zinc Picolinato 30 mg and one other product from your treatment run out in 10 days (on Thursday, December 24). ${them}`,
      );
      expect(english({ ...three, today: '2026-12-23' }).body).toBe(
        `Your Zinc Picolinato 30 mg and 2 other products from your treatment run out tomorrow. ${them}`,
      );
      expect(english({ ...two, today: '2026-12-24' }).body).toBe(
        `Your Zinc Picolinato 30 mg and one other product from your treatment run out today. ${them}`,
      );
      expect(english({ ...three, today: '2027-01-02' }).body).toBe(
        `Your Zinc Picolinato 30 mg and 2 other products from your treatment have already run out. ${them}`,
      );
    });

    it('shortens long names as the Spanish one does, and names the treatment when no product is named', () => {
      const long = `${'Complejo B metilado '.repeat(4)}x 60`;
      const spanish = buildReminderPayload({ ...input, productNames: [long] }).body;
      const shortened = /^Tu (.+?) se termina/.exec(spanish)?.[1];
      expect(shortened).toMatch(/…$/);
      expect(english({ productNames: [long] }).body.startsWith(`Your ${shortened} runs out`)).toBe(true);
      expect(english({ productNames: [] }).body).toBe(
        "Your treatment runs out in 7 days (on Thursday, December 24). Tap to order it again: we'll have it ready in your bag.",
      );
    });

    it('is read back by the service worker like the Spanish one', () => {
      const payload = english({});
      expect(parseReminderPayload(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
    });
  });

  it('is read back by the service worker, which refuses links outside the app', () => {
    const payload = buildReminderPayload(input);
    expect(parseReminderPayload(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
    expect(parseReminderPayload({ ...payload, url: 'https://otro.example/co/bolsa?recompra=1' })).toBeNull();
    expect(parseReminderPayload({ ...payload, url: '//otro.example/co/bolsa?recompra=1' })).toBeNull();
    expect(parseReminderPayload({ ...payload, country: 'ar' })).toBeNull();
    expect(parseReminderPayload('hola')).toBeNull();
  });
});

describe('reminder times under any day, zone and moment', () => {
  /** Each run formats dates in a time zone a dozen times (Intl is slow): fewer runs than fast-check's 100. */
  const INTL_HEAVY_RUNS = 40;
  const zones = fc.constantFrom('America/Bogota', 'America/Mexico_City', 'America/Lima');
  /** Days from 2020 to 2040, as `YYYY-MM-DD`. */
  const days = fc.integer({ min: 0, max: 7300 }).map((offset) => addDays('2020-01-01', offset));
  const moments = fc.date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2040-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('count days both ways alike', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: -800, max: 800 }), (day, offset) => {
        expect(daysBetween(day, addDays(day, offset))).toBe(offset);
      }),
    );
  });

  it('fall on the store’s send hour of the day they name, in its own zone', () => {
    fc.assert(
      fc.property(days, zones, (day, zone) => {
        const at = atLocalHour(day, REMINDER_SEND_HOUR, zone);
        expect(localDay(at, zone)).toBe(day);
        const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(at);
        expect(Number(hour)).toBe(REMINDER_SEND_HOUR);
      }),
      { numRuns: INTL_HEAVY_RUNS },
    );
  });

  it('are always ahead of now, never twice the same, and never after the supply ran out unless it already has', () => {
    fc.assert(
      fc.property(days, moments, zones, (runsOutOn, now, zone) => {
        const times = reminderTimes(runsOutOn, now, zone);
        expect(times.length).toBeGreaterThan(0);
        expect(new Set(times.map((time) => time.at.getTime())).size).toBe(times.length);
        for (const time of times) {
          expect(time.at.getTime()).toBeGreaterThan(now.getTime());
          expect(time.leadDays).toBeGreaterThanOrEqual(0);
          if (runsOutOn > localDay(now, zone)) expect(localDay(time.at, zone) <= runsOutOn).toBe(true);
        }
      }),
      { numRuns: INTL_HEAVY_RUNS },
    );
  });
});
