import type { Kysely } from 'kysely';
import {
  DEFAULT_PRESCRIPTION_SETTINGS,
  DURATION_MAX_DAYS,
  DURATION_UNIT_DAYS,
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_LABEL_MAX_LENGTH,
  MOMENTS,
  type DurationUnit,
  type PrescriptionSettingsDto,
} from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { viewerOf, type Api } from '../http/auth';
import { FieldProblems, readJsonObject } from '../http/body';
import type { Services } from '../http/services';

export const NO_MOMENT_ENABLED_MESSAGE = 'Deja al menos un momento del día disponible.';
export const DEFAULT_DURATION_MESSAGE = `La duración debe ser un número entero de 1 a ${DURATION_MAX_DAYS} días.`;

/** The stored settings over the standard ones: a moment added to the standard list later still appears. */
export async function prescriptionSettings(db: Kysely<Database>): Promise<PrescriptionSettingsDto> {
  const row = await db.selectFrom('prescription_settings').select('settings').where('id', '=', 1).executeTakeFirst();
  if (!row) return DEFAULT_PRESCRIPTION_SETTINGS;
  const stored = row.settings;
  return {
    moments: DEFAULT_PRESCRIPTION_SETTINGS.moments.map(
      (standard) => stored.moments.find((moment) => moment.id === standard.id) ?? standard,
    ),
    defaultDuration: stored.defaultDuration,
    defaultIndications: stored.defaultIndications,
  };
}

function readSettings(body: Record<string, unknown>): PrescriptionSettingsDto {
  const problems = new FieldProblems();
  const rawMoments = Array.isArray(body.moments) ? (body.moments as unknown[]) : [];
  const moments = MOMENTS.map((standard, index) => {
    const raw = rawMoments.find(
      (candidate) =>
        typeof candidate === 'object' && candidate !== null && (candidate as { id?: unknown }).id === standard.id,
    ) as { label?: unknown; enabled?: unknown } | undefined;
    const label = typeof raw?.label === 'string' ? raw.label.trim() : '';
    if (label.length > MOMENT_LABEL_MAX_LENGTH) {
      problems.add(`moments.${index}`, `Máximo ${MOMENT_LABEL_MAX_LENGTH} caracteres.`);
    }
    return { id: standard.id, label: label || null, enabled: raw ? raw.enabled !== false : true };
  });
  if (!moments.some((moment) => moment.enabled)) problems.add('moments', NO_MOMENT_ENABLED_MESSAGE);

  const duration = (
    typeof body.defaultDuration === 'object' && body.defaultDuration !== null ? body.defaultDuration : {}
  ) as { time?: unknown; quantity?: unknown };
  const time = (DURATION_UNITS as readonly unknown[]).includes(duration.time) ? (duration.time as DurationUnit) : null;
  const quantity = duration.quantity;
  const validDuration =
    time !== null &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity * DURATION_UNIT_DAYS[time] <= DURATION_MAX_DAYS;
  if (!validDuration) problems.add('defaultDuration', DEFAULT_DURATION_MESSAGE);

  const defaultIndications =
    problems.text(body, 'defaultIndications', { maxLength: INDICATIONS_MAX_LENGTH, trim: true }) ?? '';
  problems.assertNone();
  return {
    moments,
    defaultDuration: { time: time ?? 'months', quantity: quantity as number },
    defaultIndications,
  };
}

export function registerPrescriptionSettingsRoutes(api: Api, services: Services): void {
  const { db } = services;

  // Read by the builder, and kept on the device so it works offline with the last settings it saw.
  api.get(
    '/prescription-settings',
    { access: { roles: ['doctor', 'health_professional', 'admin'], approved: true } },
    async (c) => c.json<PrescriptionSettingsDto>(await prescriptionSettings(db)),
  );

  api.put('/admin/prescription-settings', { access: ['admin'] }, async (c) => {
    const settings = readSettings(await readJsonObject(c));
    const { user } = viewerOf(c);
    const json = JSON.stringify(settings);
    await db
      .insertInto('prescription_settings')
      .values({ id: 1, settings: json, updated_by: user.id })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet({ settings: json, updated_by: user.id, updated_at: new Date() }),
      )
      .execute();
    return c.json<PrescriptionSettingsDto>(await prescriptionSettings(db));
  });
}
