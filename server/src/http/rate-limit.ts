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
