import { sql, type Kysely } from 'kysely';
import { COUNTRY_NAMES_BY_ID } from '../../../src/lib/shared/countries';
import type { PointsConfigDto, UpdatePointsConfigRequestDto } from '../../../src/lib/shared/points';
import type { Database } from '../db/schema';
import { Refusal } from '../refusal';

export const countryName = (countryId: number) => COUNTRY_NAMES_BY_ID[countryId] ?? `el país ${countryId}`;

const programmeUnavailableMessage = (countryId: number) =>
  `El programa de puntos no está configurado para ${countryName(countryId)}.`;

function configRows(db: Kysely<Database>) {
  return db
    .selectFrom('points_config as pc')
    .innerJoin('countries as c', 'c.id', 'pc.country_id')
    .select([
      'pc.country_id',
      sql<number>`pc.point_value::float8`.as('point_value'),
      sql<number>`pc.purchase_reward_percent::float8`.as('purchase_reward_percent'),
      sql<number>`pc.prescription_reward_percent::float8`.as('prescription_reward_percent'),
      'pc.updated_at',
      'c.currency',
      'c.use_cents',
    ]);
}

type ConfigRow = Awaited<ReturnType<ReturnType<typeof configRows>['execute']>>[number];

function toConfigDto(row: ConfigRow): PointsConfigDto {
  return {
    countryId: row.country_id,
    pointValue: row.point_value,
    purchaseRewardPercent: row.purchase_reward_percent,
    prescriptionRewardPercent: row.prescription_reward_percent,
    currency: row.currency,
    useCents: row.use_cents,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function listConfigs(db: Kysely<Database>): Promise<PointsConfigDto[]> {
  const rows = await configRows(db).orderBy('pc.country_id').execute();
  return rows.map(toConfigDto);
}

/** The country's config; a country without one has no points programme (422). */
export async function configOf(db: Kysely<Database>, countryId: number): Promise<PointsConfigDto> {
  const row = await configRows(db).where('pc.country_id', '=', countryId).executeTakeFirst();
  if (!row) throw new Refusal(422, programmeUnavailableMessage(countryId));
  return toConfigDto(row);
}

/** Writes the given values; a country without a config gets one, which then needs every value. */
export async function saveConfig(
  db: Kysely<Database>,
  countryId: number,
  changes: UpdatePointsConfigRequestDto,
): Promise<PointsConfigDto> {
  const { pointValue, purchaseRewardPercent, prescriptionRewardPercent } = changes;
  const updatedAt = new Date();
  if (pointValue !== undefined && purchaseRewardPercent !== undefined && prescriptionRewardPercent !== undefined) {
    const values = {
      point_value: pointValue,
      purchase_reward_percent: purchaseRewardPercent,
      prescription_reward_percent: prescriptionRewardPercent,
      updated_at: updatedAt,
    };
    await db
      .insertInto('points_config')
      .values({ country_id: countryId, ...values })
      .onConflict((conflict) => conflict.column('country_id').doUpdateSet(values))
      .execute();
    return configOf(db, countryId);
  }
  const updated = await db
    .updateTable('points_config')
    .set({
      ...(pointValue === undefined ? {} : { point_value: pointValue }),
      ...(purchaseRewardPercent === undefined ? {} : { purchase_reward_percent: purchaseRewardPercent }),
      ...(prescriptionRewardPercent === undefined ? {} : { prescription_reward_percent: prescriptionRewardPercent }),
      updated_at: updatedAt,
    })
    .where('country_id', '=', countryId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    throw new Refusal(
      400,
      `${countryName(countryId)} aún no tiene programa de puntos: indica pointValue, purchaseRewardPercent y prescriptionRewardPercent.`,
    );
  }
  return configOf(db, countryId);
}
