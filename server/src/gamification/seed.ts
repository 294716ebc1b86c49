import type { Kysely } from 'kysely';
import { COUNTRIES } from '../../../src/lib/shared/countries';
import { storedCountryIds } from '../countries/repo';
import type { Database } from '../db/schema';
import { DEMO_USERS } from '../db/seed/demo-users';
import {
  POINTS_CONFIG_DEFAULTS,
  pointsItems,
  STARTING_BALANCE_KEY,
  STARTING_BALANCE_POINTS,
  STARTING_BALANCE_REASON,
} from '../db/seed/points-data';
import { appendEntry, entryByIdempotencyKey, lockBalance } from './ledger';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The points programme's starting data, each part only when missing, so it runs on every start: the config of each
 * country, the sample catalogue once, and the demo professionals' starting balance once (when demo accounts exist).
 * A database seeded before the programme existed gets it on its next start.
 */
export async function seedPointsIfEmpty(db: Kysely<Database>, { demoUsers = true } = {}): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const countryIds = await storedCountryIds(tx);
    const configs = Object.values(COUNTRIES)
      .filter((country) => countryIds.has(country.countryId))
      .map((country) => {
        const defaults = POINTS_CONFIG_DEFAULTS[country.subdomain];
        return {
          country_id: country.countryId,
          point_value: defaults.pointValue,
          purchase_reward_percent: defaults.purchaseRewardPercent,
          prescription_reward_percent: defaults.prescriptionRewardPercent,
        };
      });
    if (configs.length === 0) return;
    await tx
      .insertInto('points_config')
      .values(configs)
      .onConflict((conflict) => conflict.doNothing())
      .execute();

    if (!(await tx.selectFrom('points_items').select('id').limit(1).executeTakeFirst())) {
      const now = Date.now();
      for (const item of pointsItems) {
        const { id } = await tx
          .insertInto('points_items')
          .values({
            kind: item.kind,
            name: item.name,
            description: item.description,
            image_url: item.image,
            points: item.points,
            start_date: item.period ? new Date(now + item.period.startDays * DAY_MS) : null,
            end_date: item.period ? new Date(now + item.period.endDays * DAY_MS) : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('points_item_countries')
          .values(item.countries.map((code) => ({ item_id: id, country_id: COUNTRIES[code].countryId })))
          .execute();
      }
    }

    if (!demoUsers) return;
    const emails = DEMO_USERS.filter((user) => user.role !== 'patient' && user.role !== 'admin')
      .filter((user) => user.approvalStatus === 'approved')
      .map((user) => user.email);
    const professionals = await tx
      .selectFrom('users')
      .select(['id', 'country_id'])
      .where('email', 'in', emails)
      .orderBy('id')
      .execute();
    for (const professional of professionals) {
      const balance = await lockBalance(tx, professional.id);
      if (await entryByIdempotencyKey(tx, professional.id, STARTING_BALANCE_KEY)) continue;
      await appendEntry(tx, balance, {
        userId: professional.id,
        countryId: professional.country_id,
        delta: STARTING_BALANCE_POINTS,
        type: 'adjustment',
        metadata: { reason: STARTING_BALANCE_REASON },
        idempotencyKey: STARTING_BALANCE_KEY,
      });
    }
  });
}
