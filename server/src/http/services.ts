import type { Kysely } from 'kysely';
import type { AccountLimits } from '../auth/limits';
import type { OidcVerifier } from '../auth/oidc';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import type { Logger } from './errors';

/** What the account routes share: the database, settings and the in-process helpers. */
export interface Services {
  db: Kysely<Database>;
  logger: Logger;
  /** Private files (credentials, profile photos); never inside a served folder. */
  uploadsDir: string;
  /** Origin used in links sent by e-mail; the request's origin when unset. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  oidc: OidcVerifier | undefined;
  mailer: Mailer;
  limits: AccountLimits;
}
