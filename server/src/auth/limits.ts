import { Refusal } from '../refusal';
import {
  BackoffLimiter,
  memoryLimiterStore,
  WindowLimiter,
  type BackoffRule,
  type LimiterStore,
  type RateLimitRule,
} from '../http/rate-limit';

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
const TOO_MANY_RESETS_MESSAGE =
  'Ya pediste varios enlaces para restablecer la contraseña. Espera unos minutos e inténtalo de nuevo.';

function tooMany(message: string, seconds: number): Refusal {
  return new Refusal(429, message, undefined, { headers: { 'retry-after': String(seconds) } });
}

function pairKey(accountKey: string, address: string): string {
  return `${accountKey}|${address}`;
}

/**
 * Brute-force guards of the account endpoints, counted in the store every instance of the server shares (PostgreSQL
 * with DATABASE_URL; memory for the embedded default, one process).
 */
export class AccountLimits {
  readonly pair: BackoffLimiter;
  readonly address: WindowLimiter;
  readonly existence: WindowLimiter;
  readonly resetAddress: WindowLimiter;
  readonly resetEmail: WindowLimiter;

  constructor(settings: AccountLimitSettings = DEFAULT_ACCOUNT_LIMITS, store: LimiterStore = memoryLimiterStore()) {
    this.pair = new BackoffLimiter(settings.pairFailures, store, 'login-pair');
    this.address = new WindowLimiter(settings.addressFailures, store, 'login-address');
    this.existence = new WindowLimiter(settings.existenceChecks, store, 'existence');
    this.resetAddress = new WindowLimiter(settings.resetRequestsPerAddress, store, 'reset-address');
    this.resetEmail = new WindowLimiter(settings.resetRequestsPerEmail, store, 'reset-email');
  }

  /** 429 with Retry-After while the (account, address) pair waits or the address used up its failures. */
  async assertLoginAllowed(accountKey: string, address: string): Promise<void> {
    await this.assertAttemptAllowed(pairKey(accountKey, address));
    const wait = await this.address.retryAfterSeconds(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOGINS_MESSAGE, wait);
  }

  async loginFailed(accountKey: string, address: string): Promise<void> {
    await Promise.all([this.pair.record(pairKey(accountKey, address)), this.address.record(address)]);
  }

  /** A good password clears the pair's failures; the address keeps its count. */
  async loginSucceeded(accountKey: string, address: string): Promise<void> {
    await this.pair.reset(pairKey(accountKey, address));
  }

  /** Password checks outside the login (the current password of a change): growing waits per key. */
  async assertAttemptAllowed(key: string): Promise<void> {
    const wait = await this.pair.retryAfterSeconds(key);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOGINS_MESSAGE, wait);
  }

  async attemptFailed(key: string): Promise<void> {
    await this.pair.record(key);
  }

  async attemptSucceeded(key: string): Promise<void> {
    await this.pair.reset(key);
  }

  /** Counts one existence look-up of the address, refusing it beyond the limit. */
  async assertExistenceLookup(address: string): Promise<void> {
    const wait = await this.existence.take(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_LOOKUPS_MESSAGE, wait);
  }

  /**
   * Counts one password-reset request of the address and of the e-mail, refusing it beyond either limit; a request
   * the address's limit refuses does not count for the e-mail.
   */
  async assertResetRequest(address: string, email: string): Promise<void> {
    const addressWait = await this.resetAddress.take(address);
    if (addressWait !== undefined) throw tooMany(TOO_MANY_RESETS_MESSAGE, addressWait);
    const emailWait = await this.resetEmail.take(email);
    if (emailWait !== undefined) throw tooMany(TOO_MANY_RESETS_MESSAGE, emailWait);
  }

  /** Counts one attempt to use a reset link from the address, in the same window as the requests. */
  async assertResetConfirm(address: string): Promise<void> {
    const wait = await this.resetAddress.take(address);
    if (wait !== undefined) throw tooMany(TOO_MANY_RESETS_MESSAGE, wait);
  }
}
