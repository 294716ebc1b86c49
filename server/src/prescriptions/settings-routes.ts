import { prescriptionSettingsInputSchema } from '../../../src/lib/shared/prescription-settings-schemas';
import type { PrescriptionSettingsDto } from '../../../src/lib/shared/prescriptions';
import { viewerOf, type Api } from '../http/auth';
import type { Services } from '../http/services';
import { prescriptionSettings, savePrescriptionSettings } from './settings-repo';

export function registerPrescriptionSettingsRoutes(api: Api, services: Services): void {
  const { db } = services;

  // Read by the builder, and kept on the device so it works offline with the last settings it saw.
  api.get(
    '/prescription-settings',
    { access: { roles: ['doctor', 'health_professional', 'admin'], approved: true } },
    async (c) => c.json<PrescriptionSettingsDto>(await prescriptionSettings(db)),
  );

  api.put('/admin/prescription-settings', { access: ['admin'], body: prescriptionSettingsInputSchema }, async (c) => {
    await savePrescriptionSettings(db, c.req.valid('json'), viewerOf(c).user.id);
    return c.json<PrescriptionSettingsDto>(await prescriptionSettings(db));
  });
}
