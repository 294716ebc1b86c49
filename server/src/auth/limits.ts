import { HttpError } from '../http/errors';
import { BackoffLimiter, SlidingWindowLimiter, type BackoffRule, type RateLimitRule } from '../http/rate-limit';

const SECOND_MS = 1000;
const FIFTEEN_MINUTES_MS = 15 * 60 * SECOND_MS;
const ONE_HOUR_MS = 60 * 60 * SECOND_MS;

export interface AccountLimitSettings {
  /**
   * Failed logins per (account, client address): growing waits. Counted per pair so that wrong passwords typed
   * elsewhere never lock the owner out at their own address.
   */
  pairFailures: BackoffRule;
  /** Failed logins per client address, whatever the account: generous, as a clinic's staff share one address. */
  addressFailures: RateLimitRule;
  /** Existence look-ups (`/users/check-existence`) per client address. */
  existenceChecks: RateLimitRule;
  /** Password-reset requests per client address. */
  resetRequestsPerAddress: RateLimitRule;
  /** Password-reset requests per e-mail (known or not, so the limit tells nothing about accounts). */
  resetRequestsPerEmail: RateLimitRule;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimitSettings = {
  pairFailures: { freeFailures: 5, baseDelayMs: 30 * SECOND_MS, maxDelayMs: FIFTEEN_MINUTES_MS, memoryMs: ONE_HOUR_MS },
  addressFailures: { limit: 100, windowMs: FIFTEEN_MINUTES_MS },
  existenceChecks: { limit: 20, windowMs: FIFTEEN_MINUTES_MS },
  resetRequestsPerAddress: { limit: 10, windowMs: FIFTEEN_MINUTES_MS },
  resetRequestsPerEmail: { limit: 3, windowMs: ONE_HOUR_MS },
};

export const TOO_MANY_LOGINS_MESSAGE =
  'Demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.';
export const TOO_MANY_LOOKUPS_MESSAGE = 'Demasiadas consultas seguidas. Espera unos minutos e inténtalo de nuevo.';
export const TOO_MANY_RESETS_MESSAGE =
  'Ya pediste varios enlaces para restablecer la contraseña. Espera unos minutos e inténtalo de nuevo.';

function tooMany(message: string, seconds: number): HttpError {
  return new HttpError(429, message, undefined, { headers: { 'retry-after': String(seconds) } });
}

function pairKey(accountKey: string, address: string): string {
  return `${accountKey}|${address}`;
}

/** Brute-force guards of the account endpoints; in memory, as the server is one process. */
export class AccountLimits {
  readonly pair: BackoffLimiter;
  readonly address: SlidingWindowLimiter;
  readonly existence: SlidingWindowLimiter;
  readonly resetAddress: SlidingWindowLimiter;
  readonly resetEmail: SlidingWindowLimiter;

  constructor(settings: AccountLimitSettings = DEFAULT_ACCOUNT_LIMITS, now: () => number = Date.now) {
    this.pair = new BackoffLimiter(settings.pairFailures, now);
    this.address = new SlidingWindowLimiter(settings.addressFailures, now);
    this.existence = new SlidingWindowLimiter(settings.existenceChecks, now);
    this.resetAddress = new SlidingWindowLimiter(settings.resetRequestsPerAddress, now);
    this.resetEmail = new SlidingWindowLimiter(settings.resetRequestsPerEmail, now);
  }

  /** 429 with Retry-After while the (account, address) pair waits or the address used up its failures. */
  assertLoginAllowed(accountKey: string, address: string): void {
    this.assertAttemptAllowed(pairKey(accountKey, address));
    const wait = this.address.retryAfterSeconds(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOGINS_MESSAGE, wait);
  }

  loginFailed(accountKey: string, address: string): void {
    this.pair.record(pairKey(accountKey, address));
    this.address.record(address);
  }

  /** A good password clears the pair's failures; the address keeps its count. */
  loginSucceeded(accountKey: string, address: string): void {
    this.pair.reset(pairKey(accountKey, address));
  }

  /** Password checks outside the login (the current password of a change): growing waits per key. */
  assertAttemptAllowed(key: string): void {
    const wait = this.pair.retryAfterSeconds(key);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOGINS_MESSAGE, wait);
  }

  attemptFailed(key: string): void {
    this.pair.record(key);
  }

  attemptSucceeded(key: string): void {
    this.pair.reset(key);
  }

  /** Counts one existence look-up of the address, refusing it beyond the limit. */
  assertExistenceLookup(address: string): void {
    const wait = this.existence.retryAfterSeconds(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOOKUPS_MESSAGE, wait);
    this.existence.record(address);
  }

  /** Counts one password-reset request of the address and of the e-mail, refusing it beyond either limit. */
  assertResetRequest(address: string, email: string): void {
    const wait = Math.max(
      this.resetAddress.retryAfterSeconds(address) ?? 0,
      this.resetEmail.retryAfterSeconds(email) ?? 0,
    );
    if (wait > 0) throw tooMany(TOO_MANY_RESETS_MESSAGE, wait);
    this.resetAddress.record(address);
    this.resetEmail.record(email);
  }

  /** Counts one attempt to use a reset link from the address, in the same window as the requests. */
  assertResetConfirm(address: string): void {
    const wait = this.resetAddress.retryAfterSeconds(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_RESETS_MESSAGE, wait);
    this.resetAddress.record(address);
  }
}
