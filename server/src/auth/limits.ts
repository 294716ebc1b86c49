import { HttpError } from '../http/errors';
import { SlidingWindowLimiter, type RateLimitRule } from '../http/rate-limit';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

export interface AccountLimitSettings {
  /** Failed logins per account (or per unknown identifier). */
  accountFailures: RateLimitRule;
  /** Failed logins per client address. */
  addressFailures: RateLimitRule;
  /** Existence look-ups (`/users/check-existence`) per client address. */
  existenceChecks: RateLimitRule;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimitSettings = {
  accountFailures: { limit: 5, windowMs: FIFTEEN_MINUTES_MS },
  addressFailures: { limit: 20, windowMs: FIFTEEN_MINUTES_MS },
  existenceChecks: { limit: 20, windowMs: FIFTEEN_MINUTES_MS },
};

export const TOO_MANY_LOGINS_MESSAGE =
  'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';
export const TOO_MANY_LOOKUPS_MESSAGE = 'Demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.';

function tooMany(message: string, seconds: number): HttpError {
  return new HttpError(429, message, undefined, { headers: { 'retry-after': String(seconds) } });
}

/** Brute-force guards of the account endpoints; in memory, as the server is one process. */
export class AccountLimits {
  readonly account: SlidingWindowLimiter;
  readonly address: SlidingWindowLimiter;
  readonly existence: SlidingWindowLimiter;

  constructor(settings: AccountLimitSettings = DEFAULT_ACCOUNT_LIMITS, now: () => number = Date.now) {
    this.account = new SlidingWindowLimiter(settings.accountFailures, now);
    this.address = new SlidingWindowLimiter(settings.addressFailures, now);
    this.existence = new SlidingWindowLimiter(settings.existenceChecks, now);
  }

  /** 429 with Retry-After when the account or the address used up its failures. */
  assertLoginAllowed(accountKey: string, address: string): void {
    const wait = Math.max(
      this.account.retryAfterSeconds(accountKey) ?? 0,
      this.address.retryAfterSeconds(address) ?? 0,
    );
    if (wait > 0) throw tooMany(TOO_MANY_LOGINS_MESSAGE, wait);
  }

  loginFailed(accountKey: string, address: string): void {
    this.account.record(accountKey);
    this.address.record(address);
  }

  /** A good password clears the account's failures; the address keeps its count. */
  loginSucceeded(accountKey: string): void {
    this.account.reset(accountKey);
  }

  /** Counts one existence look-up of the address, refusing it beyond the limit. */
  assertExistenceLookup(address: string): void {
    const wait = this.existence.retryAfterSeconds(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOOKUPS_MESSAGE, wait);
    this.existence.record(address);
  }
}
