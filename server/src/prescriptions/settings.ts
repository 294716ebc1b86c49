import type { Kysely } from 'kysely';
import { prescriptionSettingsInputSchema } from '../../../src/lib/shared/prescription-settings-schemas';
import { DEFAULT_PRESCRIPTION_SETTINGS, type PrescriptionSettingsDto } from '../../../src/lib/shared/prescriptions';
import type { Database } from '../db/schema';
import { viewerOf, type Api } from '../http/auth';
import type { Services } from '../http/services';

/** The stored settings over the standard ones: a moment added to the standard list later still appears. */
async function prescriptionSettings(db: Kysely<Database>): Promise<PrescriptionSettingsDto> {
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

export function registerPrescriptionSettingsRoutes(api: Api, services: Services): void {
  const { db } = services;

  // Read by the builder, and kept on the device so it works offline with the last settings it saw.
  api.get(
    '/prescription-settings',
    { access: { roles: ['doctor', 'health_professional', 'admin'], approved: true } },
    async (c) => c.json<PrescriptionSettingsDto>(await prescriptionSettings(db)),
  );

  api.put('/admin/prescription-settings', { access: ['admin'], body: prescriptionSettingsInputSchema }, async (c) => {
    const settings = c.req.valid('json');
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
