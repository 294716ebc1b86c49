import type { App } from '../http/app';
import { UNPAID_ORDERS_SWEEP_INTERVAL_MS } from '../orders/expiry';
import { RECONCILIATION_INTERVAL_MS } from '../payments/reconciliation';

export interface BackgroundWork {
  /** Starts nothing more, lets what runs finish and hands back what it had claimed. */
  stop: () => Promise<void>;
}

/**
 * What the server does besides answering requests, safe to run on every instance at once: the unpaid-order sweep
 * locks each order's payment and changes only what is still pending, the reminders and the outbox's e-mails are
 * claimed with `FOR UPDATE SKIP LOCKED` for a while (another instance takes them up once an instance that died lets
 * the claim lapse). None of the timers keeps the process alive.
 */
export async function startBackgroundWork(app: App, options: { remindersIntervalMs: number }): Promise<BackgroundWork> {
  // The app's logger keeps personal data out of the log.
  const { logger } = app.services;
  // E-mails queued before a restart, or claimed by an instance that died, leave now and then every sweep.
  app.services.mailer.flush();

  // One sweep at a time in this process.
  let sweeping: Promise<void> | undefined;
  const sweeper = setInterval(() => {
    app.services.mailer.flush();
    sweeping ??= app
      .expireUnpaidOrders()
      .then(
        (cancelled) => {
          if (cancelled > 0) logger.info(`Pedidos sin pago cancelados por vencimiento: ${cancelled}.`);
        },
        (error: unknown) => logger.error('No se pudieron revisar los pedidos sin pago:', error),
      )
      // Answers of retried writes past their retention repeat personal data: they go (a count, nothing else, is logged).
      .then(() => app.purgeStoredAnswers())
      .then(
        (purged) => {
          if (purged > 0) logger.info(`Respuestas guardadas de envíos repetidos borradas por antigüedad: ${purged}.`);
        },
        (error: unknown) => logger.error('No se pudieron borrar las respuestas guardadas antiguas:', error),
      )
      .finally(() => {
        sweeping = undefined;
      });
  }, UNPAID_ORDERS_SWEEP_INTERVAL_MS);
  sweeper.unref();

  // Payments compared with the provider's records (Mercado Pago only; nothing to do with the sandbox alone).
  let reconciling: Promise<void> | undefined;
  const reconciler = setInterval(() => {
    reconciling ??= app
      .reconcilePayments()
      .then(
        () => undefined,
        (error: unknown) => logger.error('No se pudo conciliar los pagos con el proveedor:', error),
      )
      .finally(() => {
        reconciling = undefined;
      });
  }, RECONCILIATION_INTERVAL_MS);
  reconciler.unref();

  // The VAPID pair exists from the first start (browsers subscribe with its public key); due reminders go every
  // REMINDERS_INTERVAL_MS, and whatever was due while the server was down goes on the first run.
  await app.reminders.vapid.details();
  app.reminders.scheduler.start(options.remindersIntervalMs);

  return {
    stop: async () => {
      clearInterval(sweeper);
      clearInterval(reconciler);
      await Promise.all([sweeping, reconciling, app.reminders.scheduler.stop(), app.services.mailer.stop()]);
    },
  };
}
