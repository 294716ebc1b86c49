import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-users';
import { seedIfEmpty } from './db/seed/seed';
import { createApp } from './http/app';
import { createLogger } from './logger';
import { DEFAULT_MAIL_FROM, nodemailerTransport, type MailTransport } from './mail/mailer';
import { UNPAID_ORDERS_SWEEP_INTERVAL_MS } from './orders/expiry';
import { ensureWritableFolder, listen, startupFailureLine } from './startup';

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

async function start(config: ServerConfig): Promise<void> {
  const logger = createLogger(config.logLevel);

  if (!config.databaseUrl) await ensureWritableFolder(config.dataDir, 'DATA_DIR');
  await ensureWritableFolder(config.uploadsDir, 'UPLOADS_DIR');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info(`Migraciones aplicadas: ${applied.join(', ')}`);
  const seed = await seedIfEmpty(database.db, { demoUsers: config.seedDemoUsers });
  if (seed.seeded) logger.info(`Base de datos sembrada con ${seed.products} productos.`);

  // SMTP when configured; otherwise e-mails stay in the outbox table, readable in the admin's 'Correos enviados' and
  // never printed to the log (their invitation and reset links are secrets).
  const mailTransport: MailTransport | null = config.smtpUrl
    ? nodemailerTransport(config.smtpUrl, config.mailFrom ?? DEFAULT_MAIL_FROM)
    : null;
  if (!mailTransport) {
    logger.info(
      'SMTP_URL no está definido: los correos se guardan sin enviarse; léelos en Administración › Correos enviados.',
    );
  }

  const app = createApp({
    database,
    distDir: config.distDir,
    assetsDir: config.assetsDir,
    dataDir: config.dataDir,
    logger,
    uploadsDir: config.uploadsDir,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    sessionIdleTimeoutMs: config.sessionIdleTimeoutMs,
    oidc: config.oidc,
    mailTransport,
    paymentsWebhookSecret: config.paymentsWebhookSecret,
    reminders: { vapid: config.vapid },
  });
  // The port is taken before anything runs in the background: a port in use stops the start right here.
  const { server, port } = await listen(app.fetch, { port: config.port, hostname: config.host });
  // E-mails queued before a restart leave now.
  app.services.mailer.flush();

  // Unpaid orders whose window to pay closed give their stock and points back. One sweep at a time; it never keeps
  // the process alive.
  let sweeping: Promise<void> | undefined;
  const sweeper = setInterval(() => {
    sweeping ??= app
      .expireUnpaidOrders()
      .then(
        (cancelled) => {
          if (cancelled > 0) logger.info(`Pedidos sin pago cancelados por vencimiento: ${cancelled}.`);
        },
        (error: unknown) => app.services.logger.error('No se pudieron revisar los pedidos sin pago:', error),
      )
      .finally(() => {
        sweeping = undefined;
      });
  }, UNPAID_ORDERS_SWEEP_INTERVAL_MS);
  sweeper.unref();

  // The VAPID pair exists from the first start (browsers subscribe with its public key); due reminders go every
  // REMINDERS_INTERVAL_MS, and whatever was due while the server was down goes on the first run.
  await app.reminders.vapid.details();
  app.reminders.scheduler.start(config.remindersIntervalMs);

  const url = `http://localhost:${port}`;
  // Development without PUBLIC_URL: e-mailed links and the storefront's own origin are the address listened on.
  if (!config.publicUrl) app.services.publicUrl = url;
  const storage = database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  logger.info(
    [
      '',
      `Dispensario Funcional listo en ${url}  (Colombia ${url}/co · México ${url}/mx · Perú ${url}/pe)`,
      `Base de datos: ${storage}`,
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
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    logger.info(`${signal} recibido: cerrando el servidor.`);
    server.close();
    clearInterval(sweeper);
    await sweeping;
    await app.reminders.scheduler.stop();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
