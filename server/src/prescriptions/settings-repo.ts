import type { Kysely } from 'kysely';
import { DEFAULT_PRESCRIPTION_SETTINGS, type PrescriptionSettingsDto } from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';

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

/** The one row of settings, written whole by an admin. */
export async function savePrescriptionSettings(
  db: Kysely<Database>,
  settings: PrescriptionSettingsDto,
  updatedBy: number,
): Promise<void> {
  const json = JSON.stringify(settings);
  await db
    .insertInto('prescription_settings')
    .values({ id: 1, settings: json, updated_by: updatedBy })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ settings: json, updated_by: updatedBy, updated_at: new Date() }),
    )
    .execute();
}
