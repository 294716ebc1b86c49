import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/**
 * Where the counters live. Redis (REDIS_URL), whatever the database: shared by every instance, each rule under its own
 * key prefix. PostgreSQL (DATABASE_URL): the `rate_limits` table every instance of the server shares, so a client
 * locked out by one instance is locked out by all. Memory: the embedded default, whose database belongs to one
 * process; the counters are kept per rule, so apps of that process on one database share them too.
 */
export type LimiterStore =
  | { kind: 'memory'; counters: Map<string, RateLimiterAbstract> }
  | { kind: 'postgres'; pool: pg.Pool }
  | { kind: 'redis'; client: Redis; keyPrefix: string };

export function memoryLimiterStore(): LimiterStore {
  return { kind: 'memory', counters: new Map() };
}

const storesByDatabase = new WeakMap<object, LimiterStore>();

/** The store of a database's limits: its PostgreSQL pool, or one memory store per embedded database. */
export function limiterStoreFor(database: { pool?: pg.Pool | undefined }): LimiterStore {
  let store = storesByDatabase.get(database);
  if (!store) {
    store = database.pool ? { kind: 'postgres', pool: database.pool } : memoryLimiterStore();
    storesByDatabase.set(database, store);
  }
  return store;
}

/** The table made by migration 0021 in the layout of rate-limiter-flexible's PostgreSQL store. */
const RATE_LIMITS_TABLE = 'rate_limits';
const MS_PER_SECOND = 1000;

/**
 * Keys name accounts, e-mails and client addresses: the store keeps a hash of them, so none shows in the clear in the
 * table or in Redis (and no key outgrows it). 128 bits of SHA-256 leave collisions out of reach.
 */
function storedKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

function counter(store: LimiterStore, name: string, points: number, durationMs: number): RateLimiterAbstract {
  const options = { keyPrefix: name, points, duration: durationMs / MS_PER_SECOND };
  if (store.kind === 'memory') {
    // A rule of other figures (a test's own limits) counts apart.
    const id = `${name}:${points}:${durationMs}`;
    let memory = store.counters.get(id);
    if (!memory) {
      memory = new RateLimiterMemory(options);
      store.counters.set(id, memory);
    }
    return memory;
  }
  if (store.kind === 'redis') {
    // Should Redis fail, each instance counts in its own memory until it answers again (docs/decisions.md): a request
    // never fails for it, and limits and lock-outs still hold per instance. Not ready means failing over at once,
    // instead of queueing behind a reconnection.
    return new RateLimiterRedis({
      ...options,
      keyPrefix: `${store.keyPrefix}${name}`,
      storeClient: store.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
  // The table exists (migrations); each limiter deletes rows that expired over an hour ago every five minutes.
  return new RateLimiterPostgres({
    ...options,
    storeClient: store.pool,
    tableName: RATE_LIMITS_TABLE,
    tableCreated: true,
    clearExpiredByTimeout: true,
  });
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / MS_PER_SECOND));
}

export interface RateLimitRule {
  /** Events allowed inside the window; the next one is refused. */
  limit: number;
  windowMs: number;
}

/**
 * Counts events per key (failed logins, existence look-ups) in a window that opens with a key's first event and lasts
 * `windowMs` (rate-limiter-flexible's fixed window), and tells how long to wait once a key reached its limit.
 */
export class WindowLimiter {
  readonly #counter: RateLimiterAbstract;

  constructor(
    readonly rule: RateLimitRule,
    store: LimiterStore,
    name: string,
  ) {
    this.#counter = counter(store, name, rule.limit, rule.windowMs);
  }

  /** Seconds until the key may try again, or undefined when it may try now. Counts nothing. */
  async retryAfterSeconds(key: string): Promise<number | undefined> {
    const state = await this.#counter.get(storedKey(key));
    if (!state || state.consumedPoints < this.rule.limit) return undefined;
    return seconds(state.msBeforeNext);
  }

  /** Counts one event, allowed or not. */
  async record(key: string): Promise<void> {
    await this.#counter.penalty(storedKey(key));
  }

  /**
   * Counts one event and answers the seconds to wait when it went over the limit (undefined when allowed), in one
   * atomic step: two instances counting at once cannot both take the last allowed event.
   */
  async take(key: string): Promise<number | undefined> {
    try {
      await this.#counter.consume(storedKey(key));
      return undefined;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return seconds(refusal.msBeforeNext);
      throw refusal;
    }
  }

  async reset(key: string): Promise<void> {
    await this.#counter.delete(storedKey(key));
  }
}

export interface BackoffRule {
  /** Failures allowed before each further attempt waits. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its first one. */
  memoryMs: number;
}

/** The most failures a counter holds (PostgreSQL `integer`): the count stops mattering long before. */
const MAX_COUNTED_FAILURES = 2 ** 31 - 1;

/**
 * Growing delays per key: after `freeFailures` failures each attempt waits `baseDelayMs`, doubled per further
 * failure up to `maxDelayMs`. An attempt made while waiting is refused before it is tried, so it neither counts nor
 * costs the password hashing. Two counters of the store: the failures (atomically incremented, so failures through
 * several instances add up) and the current wait, set by each failure beyond the free ones.
 */
export class BackoffLimiter {
  readonly #failures: RateLimiterAbstract;
  readonly #waits: RateLimiterAbstract;

  constructor(
    readonly rule: BackoffRule,
    store: LimiterStore,
    name: string,
  ) {
    this.#failures = counter(store, `${name}-failures`, MAX_COUNTED_FAILURES, rule.memoryMs);
    // One point: a key `block`ed here holds more than it, until its wait ends.
    this.#waits = counter(store, `${name}-wait`, 1, rule.maxDelayMs);
  }

  /** Seconds until the key may try again, or undefined when it may try now. */
  async retryAfterSeconds(key: string): Promise<number | undefined> {
    const wait = await this.#waits.get(storedKey(key));
    if (!wait || wait.consumedPoints <= 1 || wait.msBeforeNext <= 0) return undefined;
    return seconds(wait.msBeforeNext);
  }

  /** The wait that follows the `failures`-th failure. */
  delayAfter(failures: number): number {
    if (failures < this.rule.freeFailures) return 0;
    const doublings = Math.min(failures - this.rule.freeFailures, 30);
    return Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** doublings);
  }

  async record(key: string): Promise<void> {
    const stored = storedKey(key);
    const { consumedPoints: failures } = await this.#failures.penalty(stored);
    const delay = this.delayAfter(failures);
    if (delay > 0) await this.#waits.block(stored, delay / MS_PER_SECOND);
  }

  async reset(key: string): Promise<void> {
    const stored = storedKey(key);
    await Promise.all([this.#failures.delete(stored), this.#waits.delete(stored)]);
  }
}
