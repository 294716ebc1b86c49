import { countryCodeById } from '../../../src/lib/shared/countries';
import { acceptConsentSchema, deleteAccountSchema } from '../../../src/lib/shared/privacy-schemas';
import {
  exportFileName,
  HEALTH_CONSENT_TITLE,
  WRONG_PASSWORD_MESSAGE,
  type AccountDeletionDto,
  type ConsentRecordDto,
  type HealthConsentDto,
} from '../../../src/lib/shared/privacy';
import { verifyPassword } from '../auth/passwords';
import type { UserRow } from '../db/schema';
import { viewerOf, type Api } from '../http/auth';
import type { AppContext } from '../http/app-env';
import { clientAddress } from '../http/client-address';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import {
  consentHistory,
  currentConsentText,
  healthConsentStatus,
  userCountry,
  type ConsentClient,
} from './consent-repo';
import { deleteAccount } from './deletion';
import { changeHealthConsent, recentAccountDeletions } from './repo';
import { collectUserData, streamExport } from './export';

const CONSENT_VERSION_CHANGED_MESSAGE =
  'El texto de la autorización cambió mientras lo leías: revisa la nueva versión y vuelve a aceptarla.';
const ADMIN_DELETIONS_LIMIT = 500;

function clientOf(c: AppContext, services: Services): ConsentClient {
  return { address: clientAddress(c, services.trustProxy), userAgent: c.req.header('user-agent') ?? null };
}

async function consentDto(services: Services, user: UserRow): Promise<HealthConsentDto> {
  const status = await healthConsentStatus(services.db, user);
  return {
    state: status.state,
    country: userCountry(user),
    version: status.current.version,
    title: HEALTH_CONSENT_TITLE,
    text: status.current.text,
    acceptedVersion: status.acceptedVersion,
    acceptedAt: status.acceptedAt?.toISOString() ?? null,
  };
}

/** The password asked again before the irreversible: a wrong one is a field error, not a 401 that ends the session. */
async function assertPassword(user: UserRow, password: string, services: Services): Promise<void> {
  const key = `privacy:${user.id}`;
  await services.limits.assertAttemptAllowed(key);
  if (!(await verifyPassword(user.password_hash, password))) {
    await services.limits.attemptFailed(key);
    throw new Refusal(400, WRONG_PASSWORD_MESSAGE, [WRONG_PASSWORD_MESSAGE], {
      body: { fieldErrors: [{ field: 'password', message: WRONG_PASSWORD_MESSAGE }] },
    });
  }
  await services.limits.attemptSucceeded(key);
}

export function registerPrivacyRoutes(api: Api, services: Services): void {
  const { db } = services;

  const changeConsent = (c: AppContext, user: UserRow, action: 'granted' | 'revoked', textId: number) =>
    changeHealthConsent(db, user, { action, textId, client: clientOf(c, services) });

  api.get('/privacy/consent', { access: 'authenticated', ownership: 'own account only' }, async (c) => {
    return c.json<HealthConsentDto>(await consentDto(services, viewerOf(c).user));
  });

  const consent = { access: 'authenticated', ownership: 'own account only', body: acceptConsentSchema } as const;
  api.post('/privacy/consent', consent, async (c) => {
    const { user } = viewerOf(c);
    const { version } = c.req.valid('json');
    const country = userCountry(user);
    const current = await currentConsentText(db, country, 'health_data');
    // The user accepts what they read: a newer text in between must be read first.
    if (version !== current.version) throw new Refusal(409, CONSENT_VERSION_CHANGED_MESSAGE);
    await changeConsent(c, user, 'granted', current.id);
    return c.json<HealthConsentDto>(await consentDto(services, user));
  });

  api.post('/privacy/consent/revoke', { access: 'authenticated', ownership: 'own account only' }, async (c) => {
    const { user } = viewerOf(c);
    const status = await healthConsentStatus(db, user);
    if (status.state !== 'revoked') await changeConsent(c, user, 'revoked', status.current.id);
    return c.json<HealthConsentDto>(await consentDto(services, user));
  });

  api.get('/privacy/consents', { access: 'authenticated', ownership: 'own account only' }, async (c) => {
    return c.json<{ data: ConsentRecordDto[] }>({ data: await consentHistory(db, viewerOf(c).user.id) });
  });

  // Opened by a link (the browser streams the file to disk): the session cookie authenticates it, as every route.
  api.get('/privacy/export', { access: 'authenticated', ownership: 'own account only' }, async (c) => {
    const { user } = viewerOf(c);
    const exported = await collectUserData(db, user);
    return new Response(streamExport(exported, services.uploads, services.logger), {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${exportFileName(user.uid, new Date())}"`,
        'cache-control': 'no-store',
      },
    });
  });

  const deletion = { access: 'authenticated', ownership: 'own account only', body: deleteAccountSchema } as const;
  api.post('/privacy/delete-account', deletion, async (c) => {
    const { user } = viewerOf(c);
    const { password } = c.req.valid('json');
    await assertPassword(user, password, services);
    const outcome = await deleteAccount(db, services.uploads, user, clientOf(c, services));
    return c.json(outcome);
  });

  api.get('/admin/account-deletions', { access: ['admin'] }, async (c) => {
    const rows = await recentAccountDeletions(db, ADMIN_DELETIONS_LIMIT);
    return c.json<{ data: AccountDeletionDto[] }>({
      data: rows.map((row) => ({
        id: row.id,
        uid: row.uid,
        role: row.role,
        country: countryCodeById(row.country_id),
        deletedAt: row.created_at.toISOString(),
        keptOrders: row.kept_orders,
        keptPrescriptions: row.kept_prescriptions,
      })),
    });
  });
}
