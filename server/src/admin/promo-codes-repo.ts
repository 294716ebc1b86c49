import type { Kysely, Transaction } from 'kysely';
import { COUNTRIES, COUNTRY_CODES } from '../../../src/lib/shared/countries';
import type { AdminPromoCodeDto, AdminPromoCodeInput, PromoCodeCountryDto } from '../../../src/lib/shared/promo-codes';
import type { Database } from '../db/schema';
import { RELEASED_PROMO_STATUSES } from '../orders/pricing';

const ALL_COUNTRY_IDS = COUNTRY_CODES.map((code) => COUNTRIES[code].countryId);

/** The codes with their uses and per-country windows, ordered by code; only code `id` when given. */
export async function listPromoCodes(db: Kysely<Database>, id?: number): Promise<AdminPromoCodeDto[]> {
  let query = db
    .selectFrom('promo_codes as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('orders as o')
        .select(eb.fn.countAll<string>().as('uses'))
        .whereRef('o.promo_code_id', '=', 'p.id')
        .where('o.status', 'not in', RELEASED_PROMO_STATUSES)
        .as('uses'),
    )
    .orderBy('p.code');
  if (id !== undefined) query = query.where('p.id', '=', id);
  const codes = await query.execute();
  const windows =
    codes.length === 0
      ? []
      : await db
          .selectFrom('promo_code_countries')
          .selectAll()
          .where(
            'promo_code_id',
            'in',
            codes.map((code) => code.id),
          )
          .orderBy('country_id')
          .execute();
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return codes.map((code) => {
    const rows = windows.filter((row) => row.promo_code_id === code.id);
    // Codes written before per-country windows keep theirs on the code itself: shown as the same per country.
    let countries: PromoCodeCountryDto[];
    if (rows.length > 0) {
      countries = rows.map((row) => ({
        countryId: row.country_id,
        validFrom: iso(row.valid_from),
        validUntil: iso(row.valid_until),
      }));
    } else {
      const ids =
        code.country_id !== null ? [code.country_id] : code.valid_from || code.valid_until ? ALL_COUNTRY_IDS : [];
      countries = ids.map((countryId) => ({
        countryId,
        validFrom: iso(code.valid_from),
        validUntil: iso(code.valid_until),
      }));
    }
    return {
      id: code.id,
      code: code.code,
      discountType: code.discount_type,
      value: code.value,
      active: code.active,
      maxUses: code.max_uses,
      maxUsesPerUser: code.max_uses_per_user,
      uses: Number(code.uses ?? 0),
      countries,
    };
  });
}

/** Writes the code and replaces its per-country windows; the code's own window is no longer used. */
async function writePromoCode(
  trx: Transaction<Database>,
  input: AdminPromoCodeInput,
  id?: number,
): Promise<number | undefined> {
  const values = {
    code: input.code,
    discount_type: input.discountType,
    value: input.value,
    // A fixed amount is in one country's currency (the table's check); percentages are restricted by the rows.
    country_id: input.discountType === 'fixed' ? (input.countries[0]?.countryId ?? null) : null,
    valid_from: null,
    valid_until: null,
    active: input.active,
    max_uses: input.maxUses,
    max_uses_per_user: input.maxUsesPerUser,
  };
  const written =
    id === undefined
      ? await trx.insertInto('promo_codes').values(values).returning('id').executeTakeFirstOrThrow()
      : await trx.updateTable('promo_codes').set(values).where('id', '=', id).returning('id').executeTakeFirst();
  if (!written) return undefined;
  await trx.deleteFrom('promo_code_countries').where('promo_code_id', '=', written.id).execute();
  if (input.countries.length > 0) {
    await trx
      .insertInto('promo_code_countries')
      .values(
        input.countries.map((row) => ({
          promo_code_id: written.id,
          country_id: row.countryId,
          valid_from: row.validFrom ? new Date(row.validFrom) : null,
          valid_until: row.validUntil ? new Date(row.validUntil) : null,
        })),
      )
      .execute();
  }
  return written.id;
}

/**
 * Writes the code (a new one without `id`) in one transaction and answers it as listed; undefined when there is no
 * code `id`. A code already taken by another breaks the unique constraint, which the caller turns into a 409.
 */
export async function savePromoCode(
  db: Kysely<Database>,
  input: AdminPromoCodeInput,
  id?: number,
): Promise<AdminPromoCodeDto | undefined> {
  const written = await db.transaction().execute((trx) => writePromoCode(trx, input, id));
  return written === undefined ? undefined : (await listPromoCodes(db, written))[0];
}
