import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DURATION_MESSAGE,
  NO_MOMENT_ENABLED_MESSAGE,
  prescriptionSettingsInputSchema,
} from './prescription-settings-schemas';
import { DEFAULT_PRESCRIPTION_SETTINGS, MOMENTS } from './prescriptions';
import { schemaProblems } from '../../testing/schema-problems';

const problems = (body: unknown) => schemaProblems(prescriptionSettingsInputSchema, body);

describe('prescriptionSettingsInputSchema', () => {
  it('keeps every standard moment in order, with blank labels as the standard ones', () => {
    const first = MOMENTS[0]!;
    const parsed = prescriptionSettingsInputSchema.parse({
      moments: [
        { id: first.id, label: '  Al despertar ', enabled: false },
        { id: 999, label: 'Otro' },
      ],
      defaultDuration: { time: 'weeks', quantity: 2 },
      defaultIndications: ' Con agua. ',
    });
    expect(parsed.moments).toHaveLength(MOMENTS.length);
    expect(parsed.moments[0]).toEqual({ id: first.id, label: 'Al despertar', enabled: false });
    expect(parsed.moments.slice(1).every((moment) => moment.enabled && moment.label === null)).toBe(true);
    expect(parsed).toMatchObject({ defaultDuration: { time: 'weeks', quantity: 2 }, defaultIndications: 'Con agua.' });
    expect(prescriptionSettingsInputSchema.parse(DEFAULT_PRESCRIPTION_SETTINGS)).toEqual(DEFAULT_PRESCRIPTION_SETTINGS);
  });

  it('keeps a moment on offer, a duration of at most a year and labels within bounds, in Spanish', () => {
    expect(
      problems({
        moments: MOMENTS.map((moment, index) => ({
          id: moment.id,
          label: index === 1 ? 'x'.repeat(41) : null,
          enabled: false,
        })),
        defaultDuration: { time: 'months', quantity: 13 },
      }),
    ).toEqual([
      ['moments.1', 'Máximo 40 caracteres.'],
      ['moments', NO_MOMENT_ENABLED_MESSAGE],
      ['defaultDuration', DEFAULT_DURATION_MESSAGE],
    ]);
    for (const defaultDuration of [
      undefined,
      { time: 'years', quantity: 1 },
      { time: 'days', quantity: 1.5 },
      { time: 'days', quantity: '3' },
    ]) {
      expect(problems({ defaultDuration })).toEqual([['defaultDuration', DEFAULT_DURATION_MESSAGE]]);
    }
  });
});
