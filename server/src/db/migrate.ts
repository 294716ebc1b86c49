import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as catalogue from './migrations/0001-catalogue';
import * as accounts from './migrations/0002-accounts';
import * as catalogueExtras from './migrations/0003-catalogue-extras';
import * as orders from './migrations/0004-orders';
import * as points from './migrations/0005-points';
import * as prescriptions from './migrations/0006-prescriptions';
import * as admin from './migrations/0007-admin';
import * as idempotency from './migrations/0008-idempotency';
import * as reminders from './migrations/0009-reminders';
import * as promoLimits from './migrations/0010-promo-limits';
import * as passwordResets from './migrations/0011-password-resets';
import * as consent from './migrations/0012-consent';
import * as catalogueVersion from './migrations/0016-catalogue-version';
import * as contactSettings from './migrations/0018-contact-settings';
import * as severalInstances from './migrations/0021-several-instances';
import * as adherenceReminders from './migrations/0022-adherence-reminders';
import * as providerPayments from './migrations/0023-provider-payments';
import * as pushLanguage from './migrations/0024-push-language';
import * as ordersWithoutPayment from './migrations/0025-orders-without-payment';
import * as deletedAccountsUnlinked from './migrations/0026-deleted-accounts-unlinked';
import * as uploadFiles from './migrations/0027-upload-files';
import * as idempotencyOnRows from './migrations/0028-idempotency-on-rows';
import * as storedAnswersRetention from './migrations/0029-stored-answers-retention';
import * as registerCaughtUp from './migrations/0030-register-caught-up';
import * as memberVersions from './migrations/0031-member-versions';
import type { Database } from './schema';

// Migrations are listed in code, not read from disk: the same list runs under tsx, in tests and on both databases.
const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-accounts': accounts,
  '0003-catalogue-extras': catalogueExtras,
  '0004-orders': orders,
  '0005-points': points,
  '0006-prescriptions': prescriptions,
  '0007-admin': admin,
  '0008-idempotency': idempotency,
  '0009-reminders': reminders,
  '0010-promo-limits': promoLimits,
  '0011-password-resets': passwordResets,
  '0012-consent': consent,
  '0016-catalogue-version': catalogueVersion,
  '0018-contact-settings': contactSettings,
  '0021-several-instances': severalInstances,
  '0022-adherence-reminders': adherenceReminders,
  '0023-provider-payments': providerPayments,
  '0024-push-language': pushLanguage,
  '0025-orders-without-payment': ordersWithoutPayment,
  '0026-deleted-accounts-unlinked': deletedAccountsUnlinked,
  '0027-upload-files': uploadFiles,
  '0028-idempotency-on-rows': idempotencyOnRows,
  '0029-stored-answers-retention': storedAnswersRetention,
  '0030-register-caught-up': registerCaughtUp,
  '0031-member-versions': memberVersions,
};

/** Every migration's name, in the order they apply (Kysely applies them by name). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider });
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Reverts the latest migration (tests of the upgrade path). */
export async function migrateDownOne(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
