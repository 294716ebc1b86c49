import type { Kysely } from 'kysely';
import type { AccountLimits } from '../auth/limits';
import type { OidcVerifier } from '../auth/oidc';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { UploadStorage } from '../uploads/storage';
import type { Logger } from '../logger';
import type { LimiterStore } from './rate-limit';
import type { MemberAnswers, VersionedMemberAnswers } from './member-answers';

/** What the account routes share: the database, settings and the in-process helpers. */
export interface Services {
  db: Kysely<Database>;
  logger: Logger;
  /**
   * Private files (credentials, profile photos): in the S3 bucket of S3_*, else in PostgreSQL with DATABASE_URL, both
   * shared by every instance; else under UPLOADS_DIR. Never served as static files.
   */
  uploads: UploadStorage;
  /**
   * Origin of links sent by e-mail and of the storefront's own writes: PUBLIC_URL, else the address the server
   * listens on (set once it listens); never a request's Host header.
   */
  publicUrl: string;
  /** Proxies in front of the server that append to X-Forwarded-For (TRUST_PROXY). */
  trustProxy: number;
  oidc: OidcVerifier | undefined;
  mailer: Mailer;
  limits: AccountLimits;
  /**
   * Where rate limits count: Redis with REDIS_URL, else PostgreSQL's `rate_limits` with DATABASE_URL, both shared by
   * every instance; else memory.
   */
  limiterStore: LimiterStore;
  /** A session unused this long has ended (SESSION_IDLE_TIMEOUT_MS). */
  sessionIdleTimeoutMs: number;
  /** Members' lists kept between writes of the embedded database (PGlite), or under their versions (PostgreSQL). */
  memberAnswers?: MemberAnswers | VersionedMemberAnswers | undefined;
}
