export interface RateLimitRule {
  /** Events allowed inside the window; the next one is refused. */
  limit: number;
  windowMs: number;
}

const SWEEP_THRESHOLD = 10_000;

/**
 * A sliding-window counter per key, in memory: the server is one process. Counts events (failed logins, existence
 * look-ups) and tells how long to wait once a key reached its limit.
 */
export class SlidingWindowLimiter {
  readonly #events = new Map<string, number[]>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or undefined when it may try now. */
  retryAfterSeconds(key: string): number | undefined {
    const events = this.#recent(key);
    if (events.length < this.rule.limit) return undefined;
    const oldest = events[events.length - this.rule.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.rule.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const events = this.#recent(key);
    events.push(this.now());
    this.#events.set(key, events);
    if (this.#events.size > SWEEP_THRESHOLD) this.#sweep();
  }

  reset(key: string): void {
    this.#events.delete(key);
  }

  #recent(key: string): number[] {
    const since = this.now() - this.rule.windowMs;
    const events = (this.#events.get(key) ?? []).filter((time) => time > since);
    if (events.length === 0) this.#events.delete(key);
    else this.#events.set(key, events);
    return events;
  }

  #sweep(): void {
    for (const key of [...this.#events.keys()]) this.#recent(key);
  }
}

export interface BackoffRule {
  /** Failures allowed before each further attempt waits. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A key's failures are forgotten this long after its last one. */
  memoryMs: number;
}

interface FailureRecord {
  failures: number;
  lastAt: number;
}

/**
 * Growing delays per key, in memory: after `freeFailures` failures each attempt waits `baseDelayMs`, doubled per
 * further failure up to `maxDelayMs`. An attempt made while waiting is refused before it is tried, so it neither
 * counts nor costs the password hashing.
 */
export class BackoffLimiter {
  readonly #failures = new Map<string, FailureRecord>();

  constructor(
    readonly rule: BackoffRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or undefined when it may try now. */
  retryAfterSeconds(key: string): number | undefined {
    const record = this.#current(key);
    if (!record || record.failures < this.rule.freeFailures) return undefined;
    const wait = record.lastAt + this.delayAfter(record.failures) - this.now();
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /** The wait that follows the `failures`-th failure. */
  delayAfter(failures: number): number {
    if (failures < this.rule.freeFailures) return 0;
    const doublings = Math.min(failures - this.rule.freeFailures, 30);
    return Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** doublings);
  }

  record(key: string): void {
    const record = this.#current(key);
    this.#failures.set(key, { failures: (record?.failures ?? 0) + 1, lastAt: this.now() });
    if (this.#failures.size > SWEEP_THRESHOLD) this.#sweep();
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }

  #current(key: string): FailureRecord | undefined {
    const record = this.#failures.get(key);
    if (record && this.now() - record.lastAt > this.rule.memoryMs) {
      this.#failures.delete(key);
      return undefined;
    }
    return record;
  }

  #sweep(): void {
    for (const key of [...this.#failures.keys()]) this.#current(key);
  }
}
