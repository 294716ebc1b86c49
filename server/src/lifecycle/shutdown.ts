import type { Server } from 'node:http';
import type { DatabaseHandle } from '../db/database';
import type { App } from '../http/app';
import type { Logger } from '../logger';
import type { LimiterStore } from '../http/rate-limit';
import { closeLimiterStore } from '../http/redis-limits';
import type { BackgroundWork } from './background';

/** How long a shutdown waits for requests under way and background work unless SHUTDOWN_TIMEOUT_MS says otherwise. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;
/** How often a shutdown closes the connections that became idle since it began (ms). */
const IDLE_SWEEP_MS = 100;

interface ShutdownParts {
  server: Server;
  app: App;
  background?: BackgroundWork | undefined;
  database: DatabaseHandle;
  /** The rate limits' store the server opened (Redis), closed with the database once requests are done with it. */
  limiterStore?: LimiterStore | undefined;
  logger: Logger;
  /** The deadline for requests under way and background work; what is still running then is cut off. */
  timeoutMs: number;
}

/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT): readiness turns 503 and new connections are refused,
 * requests under way finish (answers close their kept-alive connections), the background work stops and hands back
 * what it had claimed, all within `timeoutMs`; then the database and the rate limits' Redis connection close. Answers whether everything finished in time.
 */
export async function shutDown(parts: ShutdownParts): Promise<boolean> {
  const { server, app, database, logger } = parts;
  app.drain();
  const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // An answer still being sent leaves its connection idle when it ends, and kept alive (KEEP_ALIVE_TIMEOUT_MS, 65 s)
  // that connection would hold the server open past the deadline: idle connections are closed again until done.
  const closingIdle = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const work = Promise.all([requestsDone, parts.background?.stop()]).then(() => true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), parts.timeoutMs);
  });
  const finished = await Promise.race([work, deadline]);
  clearTimeout(timer);
  clearInterval(closingIdle);
  if (!finished) {
    logger.error(
      `El cierre no terminó en ${parts.timeoutMs} ms: se cortan las solicitudes en curso (SHUTDOWN_TIMEOUT_MS).`,
    );
    server.closeAllConnections();
  }
  await Promise.all([database.close(), closeLimiterStore(parts.limiterStore)]);
  return finished;
}
