import { Redis } from 'ioredis';
import { StartupError } from '../startup';
import type { Logger } from '../logger';
import type { LimiterStore } from './rate-limit';

/** Every key of this server starts so, apart from other applications' keys in a shared Redis. */
const REDIS_KEY_PREFIX = 'dispensario:limites:';
/**
 * A Redis that accepts connections but does not answer costs a request at most this per counter it reads or writes.
 * Redis answers in well under a millisecond; the margin is for this process's own event loop, busy hashing passwords,
 * which would otherwise see a reply that has arrived as late.
 */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** A start waits this long for Redis (connection, then its first answer) before giving up. */
const REDIS_START_TIMEOUT_MS = 5_000;

export type RedisLimiterStore = Extract<LimiterStore, { kind: 'redis' }>;

/** Host and port of a REDIS_URL, never its user or password. */
function describeRedisUrl(url: string): string {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port || '6379'}`;
}

/** A system error's code, a Redis error's own (WRONGPASS, NOAUTH…), or ETIMEDOUT for ioredis's timeouts. */
function errorCode(error: Error | undefined): string {
  if (error && 'code' in error && typeof error.code === 'string') return error.code;
  if (!error) return 'error';
  return /timed out/i.test(error.message) ? 'ETIMEDOUT' : (error.message.split(' ')[0] ?? 'error');
}

/**
 * Connects to the Redis of REDIS_URL for the rate limits and lock-outs, or refuses the start with one Spanish line.
 * Once started, a lost connection is logged once (host and error only: keys are hashes, never an e-mail) and retried
 * in the background while the limiters count in memory; its return is logged too.
 */
export async function openRedisLimiterStore(
  url: string,
  logger: Logger,
  keyPrefix: string = REDIS_KEY_PREFIX,
): Promise<RedisLimiterStore> {
  const where = describeRedisUrl(url);
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_START_TIMEOUT_MS,
    // Patient while the server starts, when nothing else is waiting; strict once requests are (below).
    commandTimeout: REDIS_START_TIMEOUT_MS,
    // A command while disconnected fails at once (the limiters count in memory) rather than waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  let lastError: Error | undefined;
  const remember = (error: Error) => {
    lastError = error;
  };
  client.on('error', remember);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const cause = lastError ?? (error instanceof Error ? error : undefined);
    const code = errorCode(cause);
    const refused = code === 'WRONGPASS' || code === 'NOAUTH';
    throw new StartupError(
      refused
        ? `Redis (${where}) rechazó el usuario o la contraseña de REDIS_URL: corrígelos en REDIS_URL.`
        : `No se pudo conectar con Redis en ${where} (${code}): comprueba que el servidor Redis esté en marcha y ` +
            'que REDIS_URL sea correcta, o quita REDIS_URL para contar los límites en la base de datos.',
      { cause },
    );
  }
  client.off('error', remember);
  client.options.commandTimeout = REDIS_COMMAND_TIMEOUT_MS;

  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.error(
      `Redis (${where}) no responde (${errorCode(error)}): los límites de intentos se cuentan en la memoria de cada ` +
        'instancia hasta que vuelva.',
    );
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info(`Redis (${where}) responde de nuevo: los límites de intentos vuelven a compartirse.`);
  });
  return { kind: 'redis', client, keyPrefix };
}

/** Closes what a store holds of its own (the Redis connection); PostgreSQL's pool closes with the database. */
export async function closeLimiterStore(store: LimiterStore | undefined): Promise<void> {
  if (store?.kind !== 'redis' || store.client.status === 'end') return;
  try {
    await store.client.quit();
  } catch {
    // Not connected (Redis is down): nothing to say goodbye to.
    store.client.disconnect();
  }
}
