import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { HealthDto, ReadyDto } from '../../../src/lib/shared/api-types';
import { registerAdminEmailRoutes } from '../admin/emails';
import { registerAdminProductRoutes } from '../admin/products';
import { registerAdminPromoCodeRoutes } from '../admin/promo-codes';
import { registerAdminRoutes } from '../admin/routes';
import { AccountLimits, DEFAULT_ACCOUNT_LIMITS, type AccountLimitSettings } from '../auth/limits';
import { OidcVerifier, type OidcSettings } from '../auth/oidc';
import { registerPasswordResetRoutes } from '../auth/password-reset-routes';
import { registerAuthRoutes } from '../auth/routes';
import { registerCountryRoutes } from '../countries/routes';
import { registerCredentialRoutes } from '../credentials/routes';
import { registerDocumentRoutes } from '../documents/routes';
import { registerFavoriteRoutes } from '../favorites/routes';
import type { DatabaseHandle } from '../db/database';
import { purgeStoredAnswers } from '../db/idempotent-requests';
import { migrationsApplied } from '../db/prepare';
import { registerFormRoutes } from '../forms/routes';
import { createOrderPointsHook } from '../gamification/order-hook';
import { registerGamificationRoutes } from '../gamification/routes';
import { registerInvitationRoutes } from '../invitations/routes';
import { registerMedicalRequestRoutes } from '../medical-requests/routes';
import { registerClientErrorRoutes } from '../client-errors/routes';
import { Mailer, type MailTransport } from '../mail/mailer';
import { registerMediaRoutes } from '../media/routes';
import { registerCheckoutRoutes, type MercadoPagoOptions } from '../orders/checkout-routes';
import type { OrderPointsHook } from '../orders/points-hook';
import { registerAdherenceRoutes } from '../adherence/routes';
import { registerPatientRoutes } from '../patients/routes';
import { registerPrescriptionRoutes } from '../prescriptions/routes';
import { registerPrivacyRoutes } from '../privacy/routes';
import { registerPrescriptionSettingsRoutes } from '../prescriptions/settings-routes';
import { registerContactRoutes } from '../contact/routes';
import { registerTemplateRoutes } from '../prescriptions/template-routes';
import { CatalogueCache } from '../products/response-cache';
import { registerProductRoutes } from '../products/routes';
import { registerReminderRoutes, type RemindersOptions } from '../reminders/routes';
import { registerProfileRoutes } from '../users/profile-routes';
import { DEFAULT_SESSION_IDLE_TIMEOUT_MS } from '../sessions/repo';
import { registerUserRoutes } from '../users/routes';
import { Api, SAFE_METHODS } from './auth';
import type { AppEnv } from './app-env';
import { ROUTE_NOT_FOUND_MESSAGE, toErrorResponse } from './errors';
import { limiterStoreFor, type LimiterStore } from './rate-limit';
import { memberCachesFor, type MemberCacheMode } from './member-caches';
import { limitUrlLength } from './request-limits';
import { apiAnswerHeaders, isCompleteAnswer, storefrontAnswerHeaders } from './answer-headers';
import { requestLog } from './request-log';
import { securityHeaderSets } from './security-headers';
import type { Services } from './services';
import { distHandler } from './static-files';
import { redactingLogger, type Logger } from '../logger';
import { UploadStorageUnavailableError, type S3Settings } from '../uploads/s3-storage';
import { uploadStorageFor } from '../uploads/storage-for';

const API_PREFIX = '/api';
export const SHUTTING_DOWN_MESSAGE = 'El servidor se está cerrando.';
export const DATABASE_UNREACHABLE_MESSAGE = 'No hay conexión con la base de datos.';
export const MIGRATIONS_PENDING_MESSAGE = 'La base de datos aún no tiene todas las migraciones aplicadas.';
export const UPLOAD_STORAGE_UNREACHABLE_MESSAGE = 'No hay conexión con el almacenamiento de archivos.';
/**
 * How long readiness trusts its last look at the upload storage (ms): a load balancer polls every few seconds, per
 * instance, and the bucket is billed and rate-limited per request.
 */
const STORAGE_CHECK_CACHE_MS = 5_000;
/** Origin of an app made by a test or a tool, which listens nowhere. */
const DEFAULT_PUBLIC_URL = 'http://localhost';

export interface AppOptions {
  database: DatabaseHandle;
  distDir: string;
  assetsDir: string;
  logger: Logger;
  /** DATA_DIR: rasterised product images are cached under `cache/images`; a temporary folder when unset. */
  dataDir?: string;
  /**
   * Private uploads (credentials, profile photos) on the embedded database: the server passes UPLOADS_DIR, tools a
   * temporary folder. Unused on PostgreSQL or with `s3`, where they live in what every instance shares.
   */
  uploadsDir?: string;
  /** The S3-compatible bucket of the private uploads (S3_*); when set it is used whatever the database. */
  s3?: S3Settings | undefined;
  /**
   * Origin of links sent by e-mail and of cookie-authenticated writes; the server sets the address it listens on
   * when PUBLIC_URL is unset, tools and tests get `http://localhost`.
   */
  publicUrl?: string | undefined;
  /** Proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY); 0 reads the socket's address. */
  trustProxy?: number;
  /** A session unused this long ends; 8 hours unless said otherwise. */
  sessionIdleTimeoutMs?: number;
  /** Login with an external OpenID Connect provider (`POST /auth/login`); 501 when unset. */
  oidc?: OidcSettings | undefined;
  /** Where queued e-mails go; null leaves them in the outbox (tests). */
  mailTransport?: MailTransport | null;
  limits?: AccountLimitSettings;
  /** Where rate limits count: the server passes Redis when REDIS_URL is set; else the database's own store. */
  limiterStore?: LimiterStore | undefined;
  /** The Points programme as orders call it; tests may pass their own. */
  pointsHook?: OrderPointsHook;
  /** Secret of the sandbox payment webhooks (PAYMENTS_WEBHOOK_SECRET); random per app instance when unset. */
  paymentsWebhookSecret?: string | undefined;
  /** Mercado Pago per country (MP_ACCESS_TOKEN_*); countries without it pay through the sandbox. */
  mercadoPago?: MercadoPagoOptions | undefined;
  /** The current time of payment windows (unpaid orders expire); tests move it instead of waiting. */
  clock?: () => Date;
  /** Re-purchase reminders: VAPID settings, and for tests the push sender, clock and local endpoints. */
  reminders?: RemindersOptions;
  /**
   * How long the catalogue cache trusts the version it read (`CATALOGUE_VERSION_CHECK_MS` unless said otherwise);
   * tests that write the database directly, as another instance would, pass 0.
   */
  catalogueVersionCheckMs?: number;
  /** How members' sessions and lists are kept: `writes` on PGlite unless said otherwise, `versions` on PostgreSQL. */
  memberCaches?: MemberCacheMode;
  /** How long readiness trusts its last look at the upload storage (`STORAGE_CHECK_CACHE_MS` unless said otherwise). */
  storageCheckCacheMs?: number;
}

export function createApp(options: AppOptions) {
  const { database, distDir, assetsDir } = options;
  // No personal data or secrets in the log, whoever wrote the line (issue #15).
  const logger = redactingLogger(options.logger);
  const { db } = database;
  const limiterStore = options.limiterStore ?? limiterStoreFor(database);
  const memberCaches = memberCachesFor(database, options.memberCaches);
  const services: Services = {
    db,
    logger,
    uploads: uploadStorageFor(database, options.uploadsDir ?? join(tmpdir(), 'dispensario-uploads'), options.s3),
    publicUrl: (options.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    trustProxy: options.trustProxy ?? 0,
    oidc: options.oidc ? new OidcVerifier(options.oidc) : undefined,
    mailer: new Mailer(db, options.mailTransport ?? null, logger),
    limits: new AccountLimits(options.limits ?? DEFAULT_ACCOUNT_LIMITS, limiterStore),
    limiterStore,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    memberAnswers: memberCaches.memberAnswers,
  };

  const hono = new Hono<AppEnv>();
  const api = new Api(hono, db, {
    ownOrigin: () => services.publicUrl,
    idleTimeoutMs: services.sessionIdleTimeoutMs,
    sessionCache: memberCaches.sessionCache,
  });
  api.get('/health', { access: 'public' }, (c) => c.json<HealthDto>({ status: 'ok', db: database.kind }));
  // Readiness, for a load balancer: liveness (/health) says the process answers; this says it should get traffic.
  let draining = false;
  // An instance whose bucket does not answer would fail every upload and download of a file: out of the balancer.
  const storageCheckCacheMs = options.storageCheckCacheMs ?? STORAGE_CHECK_CACHE_MS;
  let storageLook: { at: number; answers: Promise<boolean> } | undefined;
  let storageWasDown = false;
  const lookAtStorage = async (check: () => Promise<void>): Promise<boolean> => {
    try {
      await check();
      if (storageWasDown) logger.info('El almacenamiento de archivos vuelve a responder.');
      storageWasDown = false;
      return true;
    } catch (error) {
      // Once per outage, not once per poll; the detail names the call and S3's code, never a key or a file.
      if (!storageWasDown) {
        const detail = error instanceof UploadStorageUnavailableError ? error.detail : error;
        logger.error('La comprobación de disponibilidad no llegó al almacenamiento de archivos:', detail);
      }
      storageWasDown = true;
      return false;
    }
  };
  const storageAnswers = (): Promise<boolean> => {
    const { check } = services.uploads;
    if (!check) return Promise.resolve(true);
    const now = Date.now();
    // Concurrent polls share the look under way, and every poll within the window its result.
    if (!storageLook || now - storageLook.at >= storageCheckCacheMs) {
      storageLook = { at: now, answers: lookAtStorage(() => check.call(services.uploads)) };
    }
    return storageLook.answers;
  };
  api.get('/ready', { access: 'public' }, async (c) => {
    const unavailable = (message: string) =>
      c.json<ReadyDto>({ status: 'unavailable', db: database.kind, message }, 503);
    if (draining) return unavailable(SHUTTING_DOWN_MESSAGE);
    let migrated: boolean;
    try {
      migrated = await migrationsApplied(database);
    } catch (error) {
      logger.error('La comprobación de disponibilidad no llegó a la base de datos:', error);
      return unavailable(DATABASE_UNREACHABLE_MESSAGE);
    }
    if (!migrated) return unavailable(MIGRATIONS_PENDING_MESSAGE);
    if (!(await storageAnswers())) return unavailable(UPLOAD_STORAGE_UNREACHABLE_MESSAGE);
    return c.json<ReadyDto>({ status: 'ready', db: database.kind });
  });
  registerCountryRoutes(api, db);
  const catalogue = new CatalogueCache(db, { versionCheckMs: options.catalogueVersionCheckMs });
  registerProductRoutes(api, db, catalogue);
  registerFavoriteRoutes(api, db);
  const dataDir = options.dataDir ?? join(tmpdir(), 'dispensario-data');
  registerMediaRoutes(api, db, assetsDir, join(dataDir, 'cache', 'images'));
  registerAuthRoutes(api, services);
  registerPasswordResetRoutes(api, services);
  registerProfileRoutes(api, services);
  registerFormRoutes(api, services);
  registerCredentialRoutes(api, services);
  registerUserRoutes(api, services);
  registerInvitationRoutes(api, services);
  registerAdminRoutes(api, services);
  registerAdminProductRoutes(api, services);
  registerAdminPromoCodeRoutes(api, db);
  registerAdminEmailRoutes(api, services);
  const reminders = registerReminderRoutes(api, services, options.reminders);
  const checkout = registerCheckoutRoutes(api, services, {
    pointsHook: options.pointsHook ?? createOrderPointsHook(),
    webhookSecret: options.paymentsWebhookSecret,
    mercadoPago: options.mercadoPago,
    clock: options.clock,
    onOrderPaid: reminders.onOrderPaid,
  });
  registerGamificationRoutes(api, db);
  registerPatientRoutes(api, services, { clock: options.reminders?.clock });
  registerAdherenceRoutes(api, services, {
    vapid: reminders.vapid,
    sender: options.reminders?.sender,
    clock: options.reminders?.clock,
  });
  registerPrescriptionRoutes(api, services);
  registerTemplateRoutes(api, services);
  registerPrescriptionSettingsRoutes(api, services);
  registerDocumentRoutes(api, services);
  registerMedicalRequestRoutes(api, services);
  registerClientErrorRoutes(api, services);
  registerContactRoutes(api, services);
  registerPrivacyRoutes(api, services);
  hono.all('*', (c) => c.json({ message: ROUTE_NOT_FOUND_MESSAGE }, 404));

  const app = new Hono<AppEnv>();
  app.onError((error, c) => toErrorResponse(error, c, logger));
  // Before anything else, so every line logged for a request (refusals and the error handler's too) names it.
  app.use('*', requestLog(logger, { pollPaths: new Set([`${API_PREFIX}/health`, `${API_PREFIX}/ready`]) }));
  // Next, so every answer (errors and refusals too) carries them.
  const headerSets = securityHeaderSets({ distDir, publicUrl: options.publicUrl });
  const storefrontHeaders = storefrontAnswerHeaders(headerSets);
  app.use(`${API_PREFIX}/*`, apiAnswerHeaders(headerSets));
  app.use('*', async (c, next) => (c.req.path.startsWith(`${API_PREFIX}/`) ? next() : storefrontHeaders(c, next)));
  app.use('*', limitUrlLength());
  // While draining, every answer asks its client to close the connection: a kept-alive connection would otherwise
  // carry new requests to an instance that is going away.
  app.use('*', async (c, next) => {
    await next();
    if (draining) c.res.headers.set('connection', 'close');
  });
  // JSON answers (the whole catalogue for offline search is hundreds of KB) travel compressed; files of the PWA are
  // compressed once in static-files; kept catalogue answers carry their own compressed copy.
  const compressor = compress();
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    await next();
    if (!isCompleteAnswer(c.res)) await compressor(c, async () => undefined);
  });
  app.use(`${API_PREFIX}/*`, async (c, next) => {
    await next();
    // A write that went through may have changed the catalogue: its next answer checks the version at once.
    if (!SAFE_METHODS.has(c.req.method) && c.res.status < 400) catalogue.markStale();
  });
  app.route(API_PREFIX, hono);
  app.get('*', distHandler(distDir));
  // The route table (every API route with who may call it) is what the RBAC test walks; the server runs the sweep
  // and the reminders' scheduler.
  return Object.assign(app, {
    apiRoutes: api.routes,
    services,
    catalogue,
    expireUnpaidOrders: checkout.expireUnpaidOrders,
    reconcilePayments: checkout.reconcilePayments,
    purgeStoredAnswers: (now?: Date) => purgeStoredAnswers(db, now),
    reminders,
    /** Shutdown: readiness answers 503 from now on and answers close their connections. */
    drain: () => {
      draining = true;
    },
  });
}

export type App = ReturnType<typeof createApp>;
