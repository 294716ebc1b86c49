import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import { DEFAULT_PRESCRIPTION_SETTINGS, type PrescriptionSettingsDto } from '../../src/lib/shared/prescriptions';
import { sessionFor } from './helpers';
import { client, json } from './prescriptions-fixtures';
import { demoCaller, testContextForFile } from './support/file-context';

const ctx = testContextForFile();
const admin = demoCaller(ctx, 'admin');
const doctor = demoCaller(ctx, 'doctor');

describe('prescription settings', () => {
  it('start as the standard ones, and an admin renames, hides and sets defaults that professionals then read', async () => {
    expect(await json<PrescriptionSettingsDto>(await client(ctx, doctor).get('/prescription-settings'))).toEqual(
      DEFAULT_PRESCRIPTION_SETTINGS,
    );
    const edited: PrescriptionSettingsDto = {
      ...DEFAULT_PRESCRIPTION_SETTINGS,
      moments: DEFAULT_PRESCRIPTION_SETTINGS.moments.map((moment) =>
        moment.id === 10
          ? { ...moment, label: '  Al acostarse  ' }
          : moment.id === 4
            ? { ...moment, enabled: false }
            : moment,
      ),
      defaultDuration: { time: 'weeks', quantity: 6 },
      defaultIndications: 'Tomar con abundante agua.',
    };
    const saved = await client(ctx, admin).send('PUT', '/admin/prescription-settings', edited);
    expect(saved.status).toBe(200);
    const read = await json<PrescriptionSettingsDto>(await client(ctx, doctor).get('/prescription-settings'));
    expect(read.moments.find((moment) => moment.id === 10)).toEqual({ id: 10, label: 'Al acostarse', enabled: true });
    expect(read.moments.find((moment) => moment.id === 4)?.enabled).toBe(false);
    expect(read.defaultDuration).toEqual({ time: 'weeks', quantity: 6 });
    expect(read.defaultIndications).toBe('Tomar con abundante agua.');
  });

  it('refuses hiding every moment or a duration beyond a year, keeping what was saved', async () => {
    const before = await json<PrescriptionSettingsDto>(await client(ctx, doctor).get('/prescription-settings'));
    const none = await client(ctx, admin).send('PUT', '/admin/prescription-settings', {
      ...before,
      moments: before.moments.map((moment) => ({ ...moment, enabled: false })),
      defaultDuration: { time: 'months', quantity: 13 },
    });
    expect(none.status).toBe(400);
    const body = await json<ApiErrorBody & { fieldErrors: { field: string; message: string }[] }>(none);
    expect(body.fieldErrors).toEqual([
      { field: 'moments', message: 'Deja al menos un momento del día disponible.' },
      { field: 'defaultDuration', message: 'La duración debe ser un número entero de 1 a 365 días.' },
    ]);
    expect(await json<PrescriptionSettingsDto>(await client(ctx, doctor).get('/prescription-settings'))).toEqual(
      before,
    );
  });

  it('are changed by admins only and read by approved professionals and admins', async () => {
    expect(
      (await client(ctx, doctor).send('PUT', '/admin/prescription-settings', DEFAULT_PRESCRIPTION_SETTINGS)).status,
    ).toBe(403);
    const patient = { token: await sessionFor(ctx, 'paciente.co@demo.test') };
    expect((await client(ctx, patient).get('/prescription-settings')).status).toBe(403);
    expect((await client(ctx, admin).get('/prescription-settings')).status).toBe(200);
  });
});
