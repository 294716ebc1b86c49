import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from './lifecycle/shutdown';
import { LOG_LEVELS, type LogLevel } from './logger';
import type { MercadoPagoOptions } from './orders/checkout-routes';
import { DEFAULT_REMINDERS_INTERVAL_MS } from './reminders/scheduler';
import { DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './sessions/repo';
import { DEFAULT_VAPID_SUBJECT, vapidKeyProblem, type VapidSettings } from './reminders/vapid';
import type { S3Settings } from './uploads/s3-storage';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const DEFAULT_PORT = 8080;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_PORT),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** redis://[user:password@]host:6379[/db] or rediss://…: rate limits and lock-outs shared by every instance. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'debe ser una URL redis:// o rediss://')
    .refine((value) => URL.canParse(value), 'no es una URL válida')
    .optional(),
  UPLOADS_DIR: z.string().optional(),
  DIST_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  NODE_ENV: z.string().default('development'),
  /** Origin used in links sent by e-mail, for instance https://dispensario.example. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For: the client is the right-most address
   * they did not add (rate limits). `true`/`false` read as 1/0.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|true|false)$/, 'debe ser el número de proxies (0, 1, 2…)')
    .optional(),
  /** A session unused this long ends (on top of its 24 hours). */
  SESSION_IDLE_TIMEOUT_MS: z.coerce.number().int().min(60_000).default(DEFAULT_SESSION_IDLE_TIMEOUT_MS),
  /** External login (POST /api/auth/login): the OpenID Connect issuer and this app's client id. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  /** smtp://user:password@host:587 or smtps://...; without it e-mails stay in the outbox (and the log in development). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  /** HMAC secret of the sandbox's payment webhooks; random per start when unset (one instance only). */
  PAYMENTS_WEBHOOK_SECRET: z.string().optional(),
  /** Mercado Pago per country: its access token and webhook secret; a country without both pays through the sandbox. */
  MP_ACCESS_TOKEN_CO: z.string().optional(),
  MP_ACCESS_TOKEN_MX: z.string().optional(),
  MP_ACCESS_TOKEN_PE: z.string().optional(),
  MP_WEBHOOK_SECRET_CO: z.string().optional(),
  MP_WEBHOOK_SECRET_MX: z.string().optional(),
  MP_WEBHOOK_SECRET_PE: z.string().optional(),
  /** Mercado Pago's API; a local fake in tests. */
  MP_API_BASE_URL: z.string().url().optional(),
  /** Per call to Mercado Pago, each of its retries included. */
  MP_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Web Push identity: both keys or neither (then the pair stored in the database, generated on first start). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Contact the push services may use: `mailto:` or `https:`. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'debe empezar por mailto: o https://')
    .optional(),
  /** How often the reminders' scheduler looks for due reminders. */
  REMINDERS_INTERVAL_MS: z.coerce.number().int().min(1000).default(DEFAULT_REMINDERS_INTERVAL_MS),
  /** On SIGTERM or SIGINT, how long requests under way and background work may take before they are cut off. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  /** Private uploads in an S3-compatible bucket, addressed path-style: endpoint, bucket and key pair go together. */
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\/[^@]*$/, 'debe ser http:// o https:// sin usuario ni contraseña (van en S3_ACCESS_KEY_ID)')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'debe ser un nombre de bucket (3 a 63 minúsculas, cifras, . o -)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'debe ser una región como us-east-1 (auto en R2)')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "solo letras, cifras y ! _ . * ' ( ) / -")
    .refine(
      (prefix) => !prefix.startsWith('/') && !prefix.split('/').includes('..'),
      'no puede empezar por / ni tener ..',
    )
    .optional(),
});

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where rate limits and lock-outs count when set, whatever the database. */
  redisUrl: string | undefined;
  uploadsDir: string;
  distDir: string;
  assetsDir: string;
  logLevel: LogLevel;
  /** Demo accounts are seeded everywhere but in production. */
  seedDemoUsers: boolean;
  production: boolean;
  /** PUBLIC_URL's origin; unset in development (then the address the server listens on). */
  publicUrl: string | undefined;
  /** Proxies in front of the server that append to X-Forwarded-For. */
  trustProxy: number;
  sessionIdleTimeoutMs: number;
  oidc: { issuer: string; clientId: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  paymentsWebhookSecret: string | undefined;
  /** Mercado Pago accounts per country (MP_ACCESS_TOKEN_*, MP_WEBHOOK_SECRET_*); undefined when none. */
  mercadoPago: MercadoPagoOptions | undefined;
  vapid: VapidSettings;
  remindersIntervalMs: number;
  shutdownTimeoutMs: number;
  /** The bucket of the private uploads (S3_*); undefined keeps them in PostgreSQL or UPLOADS_DIR. */
  s3: S3Settings | undefined;
}

const DEFAULT_S3_REGION = 'us-east-1';
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const MP_COUNTRIES = ['co', 'mx', 'pe'] as const;

/**
 * The Mercado Pago accounts configured, per country. A token without its webhook secret (or the reverse) is refused:
 * webhooks that cannot be verified would leave every order unpaid.
 */
function mercadoPagoOptions(values: z.infer<typeof envSchema>): MercadoPagoOptions | undefined {
  const accounts: MercadoPagoOptions['accounts'] = {};
  for (const country of MP_COUNTRIES) {
    const suffix = country.toUpperCase() as 'CO' | 'MX' | 'PE';
    const accessToken = values[`MP_ACCESS_TOKEN_${suffix}`];
    const webhookSecret = values[`MP_WEBHOOK_SECRET_${suffix}`];
    if (!accessToken && !webhookSecret) continue;
    if (!accessToken || !webhookSecret) {
      throw new Error(
        `Configuración no válida: MP_ACCESS_TOKEN_${suffix} y MP_WEBHOOK_SECRET_${suffix} van juntas (las dos o ninguna).`,
      );
    }
    accounts[country] = { accessToken, webhookSecret };
  }
  if (Object.keys(accounts).length === 0) return undefined;
  return { accounts, baseUrl: values.MP_API_BASE_URL, timeoutMs: values.MP_TIMEOUT_MS };
}

/**
 * The bucket, when S3_* is set. Any S3_* variable without all the required ones stops the start: uploads silently
 * landing elsewhere than the operator meant would be missing on the other instances.
 */
function s3Settings(values: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = (Object.keys(values) as (keyof typeof values)[]).filter(
    (name) => name.startsWith('S3_') && values[name] !== undefined,
  );
  if (given.length === 0) return undefined;
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = values;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((name) => !values[name]);
    throw new Error(
      `Configuración no válida: ${S3_REQUIRED.join(', ')} van juntas (faltan ${missing.join(', ')}; ` +
        'sin ninguna S3_* los archivos se guardan en PostgreSQL o en UPLOADS_DIR)',
    );
  }
  const prefix = values.S3_PREFIX ?? '';
  return {
    endpoint,
    bucket,
    region: values.S3_REGION ?? DEFAULT_S3_REGION,
    accessKeyId,
    secretAccessKey,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}

function trustedProxies(value: string | undefined): number {
  if (value === undefined || value === 'false') return 0;
  return value === 'true' ? 1 : Number(value);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Configuración no válida: ${problems}`);
  }
  const values = parsed.data;
  if (Boolean(values.VAPID_PUBLIC_KEY) !== Boolean(values.VAPID_PRIVATE_KEY)) {
    throw new Error('Configuración no válida: VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY se definen juntas o ninguna.');
  }
  const vapidProblem =
    values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
      ? vapidKeyProblem(values.VAPID_PUBLIC_KEY, values.VAPID_PRIVATE_KEY)
      : null;
  if (vapidProblem) throw new Error(`Configuración no válida: ${vapidProblem}`);
  const production = values.NODE_ENV === 'production';
  // Links sent by e-mail (invitations, password resets) must never take their origin from a request's Host header.
  if (production && !values.PUBLIC_URL) {
    throw new Error(
      'Configuración no válida: PUBLIC_URL es obligatoria en producción (origen de los enlaces por correo).',
    );
  }
  const dataDir = resolve(projectRoot, values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    uploadsDir: resolve(projectRoot, values.UPLOADS_DIR ?? resolve(dataDir, 'uploads')),
    distDir: resolve(projectRoot, values.DIST_DIR),
    assetsDir: resolve(projectRoot, 'server/assets'),
    logLevel: values.LOG_LEVEL,
    seedDemoUsers: values.NODE_ENV !== 'production',
    production,
    publicUrl: values.PUBLIC_URL ? new URL(values.PUBLIC_URL).origin : undefined,
    trustProxy: trustedProxies(values.TRUST_PROXY),
    sessionIdleTimeoutMs: values.SESSION_IDLE_TIMEOUT_MS,
    oidc:
      values.OIDC_ISSUER && values.OIDC_CLIENT_ID
        ? { issuer: values.OIDC_ISSUER, clientId: values.OIDC_CLIENT_ID }
        : undefined,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    paymentsWebhookSecret: values.PAYMENTS_WEBHOOK_SECRET,
    mercadoPago: mercadoPagoOptions(values),
    vapid: {
      publicKey: values.VAPID_PUBLIC_KEY,
      privateKey: values.VAPID_PRIVATE_KEY,
      subject: values.VAPID_SUBJECT ?? DEFAULT_VAPID_SUBJECT,
    },
    remindersIntervalMs: values.REMINDERS_INTERVAL_MS,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    s3: s3Settings(values),
  };
}
