import type { Server } from 'node:http';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { prepareDatabase } from './db/prepare';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-users';
import { createApp } from './http/app';
import type { LimiterStore } from './http/rate-limit';
import { openRedisLimiterStore } from './http/redis-limits';
import { createLogger, type LogLevel } from './logger';
import { DEFAULT_MAIL_FROM, nodemailerTransport, type MailTransport } from './mail/mailer';
import { startBackgroundWork } from './lifecycle/background';
import { shutDown } from './lifecycle/shutdown';
import { ensureWritableFolder, listen, startupFailureLine } from './startup';

/** After the shutdown's own deadline, the time closing the database may take before the process exits anyway. */
const FORCED_EXIT_GRACE_MS = 5_000;

const LIMITER_STORE_NAMES: Record<LimiterStore['kind'], string> = {
  redis: 'en Redis (REDIS_URL)',
  postgres: 'en PostgreSQL',
  memory: 'en memoria (una sola instancia)',
};

// A failed start prints one Spanish line (cause and what to do) and exits with 1; the stack only with LOG_LEVEL=debug.
let config: ServerConfig | undefined;
try {
  config = loadConfig();
  await start(config);
} catch (error) {
  console.error(startupFailureLine(error, { databaseUrl: config?.databaseUrl, port: config?.port }));
  if ((config?.logLevel ?? process.env.LOG_LEVEL) === 'debug') console.error(error);
  process.exit(1);
}

/** Where the uploads go, for the start-up summary: the bucket's address and name, never its keys. */
function uploadsPlace(config: ServerConfig, kind: 'disk' | 'database' | 's3'): string {
  if (kind === 's3' && config.s3) {
    return `en S3 (${new URL(config.s3.endpoint).origin}, bucket ${config.s3.bucket}, prefijo "${config.s3.prefix}")`;
  }
  return kind === 'database' ? 'en PostgreSQL' : `en ${config.uploadsDir}`;
}

/**
 * Start-up lines for whoever starts the server (migrations, the seed, the address, the demo logins): plain text on
 * stdout, not JSON, as the log's `info` (a test and the e2e wait for "listo en http://localhost:PORT"). They go
 * around the log's masking because the demo logins are meant to be read; none names a real person.
 */
function announcer(level: LogLevel): (text: string) => void {
  return level === 'info' || level === 'debug' ? (text) => console.info(text) : () => undefined;
}

async function start(config: ServerConfig): Promise<void> {
  const logger = createLogger(config.logLevel);
  const announce = announcer(config.logLevel);
  // First, so an unreachable Redis stops the start before anything is migrated. Without it the limits count in the
  // database's own store (PostgreSQL, or memory with PGlite).
  const limiterStore = config.redisUrl ? await openRedisLimiterStore(config.redisUrl, logger) : undefined;

  // On PostgreSQL or S3 the uploads live where every instance reads them (`uploads/storage.ts`): no folder to write.
  if (!config.databaseUrl) await ensureWritableFolder(config.dataDir, 'DATA_DIR');
  if (!config.databaseUrl && !config.s3) await ensureWritableFolder(config.uploadsDir, 'UPLOADS_DIR');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  // Several instances starting together on one PostgreSQL database migrate and seed once (an advisory lock).
  const { applied, seed } = await prepareDatabase(database, { demoUsers: config.seedDemoUsers });
  if (applied.length > 0) announce(`Migraciones aplicadas: ${applied.join(', ')}`);
  if (seed.seeded) announce(`Base de datos sembrada con ${seed.products} productos.`);

  // SMTP when configured; otherwise e-mails stay in the outbox table, readable in the admin's 'Correos enviados' and
  // never printed to the log (their invitation and reset links are secrets).
  const mailTransport: MailTransport | null = config.smtpUrl
    ? nodemailerTransport(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM)
    : null;
  if (!mailTransport) {
    announce(
      'SMTP_URL no está definido: los correos se guardan sin enviarse; léelos en Administración › Correos enviados.',
    );
  }

  const app = createApp({
    database,
    distDir: config.distDir,
    assetsDir: config.assetsDir,
    dataDir: config.dataDir,
    logger,
    limiterStore,
    uploadsDir: config.uploadsDir,
    s3: config.s3,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    sessionIdleTimeoutMs: config.sessionIdleTimeoutMs,
    oidc: config.oidc,
    mailTransport,
    paymentsWebhookSecret: config.paymentsWebhookSecret,
    mercadoPago: config.mercadoPago,
    reminders: { vapid: config.vapid },
  });
  // The port is taken before anything runs in the background: a port in use stops the start right here.
  const { server, port } = await listen(app.fetch, { port: config.port, hostname: config.host });
  const background = await startBackgroundWork(app, { remindersIntervalMs: config.remindersIntervalMs });

  const url = `http://localhost:${port}`;
  // Development without PUBLIC_URL: e-mailed links and the storefront's own origin are the address listened on.
  if (!config.publicUrl) app.services.publicUrl = url;
  const storage = database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  announce(
    [
      '',
      `Dispensario Funcional listo en ${url}  (Colombia ${url}/co · México ${url}/mx · Perú ${url}/pe)`,
      `Base de datos: ${storage}`,
      `Archivos subidos: ${uploadsPlace(config, app.services.uploads.kind)}`,
      `Límites de intentos: ${LIMITER_STORE_NAMES[app.services.limiterStore.kind]}`,
      ...(config.seedDemoUsers
        ? [
            `Cuentas de demostración (contraseña para todas: ${DEMO_PASSWORD}):`,
            ...DEMO_USERS.map((user) => `  ${user.email.padEnd(28)} ${user.description}`),
          ]
        : []),
      '',
    ].join('\n'),
  );

  let closing = false;
  async function stop(signal: string) {
    if (closing) return;
    closing = true;
    logger.info(`${signal} recibido: cerrando el servidor (hasta ${config.shutdownTimeoutMs} ms).`);
    // Should closing the database hang too, the process still ends.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + FORCED_EXIT_GRACE_MS).unref();
    const finished = await shutDown({
      server: server as Server,
      app,
      background,
      database,
      limiterStore,
      logger,
      timeoutMs: config.shutdownTimeoutMs,
    });
    logger.info(finished ? 'Servidor cerrado.' : 'Servidor cerrado sin esperar lo que seguía en curso.');
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
