import { sql, type ExpressionBuilder, type Kysely, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { ComboDto, EventDto, PointProductDto, PointsCountryDto } from '../../../src/lib/shared/points';
import type { Database, PointsItemKind, PointsItemsTable } from '../db/schema';
import { Refusal } from '../refusal';
import { countryName } from './config';

/** Per kind of item: what the storefront calls it in messages. */
export const ITEM_MESSAGES: Record<
  PointsItemKind,
  { notFound: string; inactive: string; otherCountry: (countryId: number) => string }
> = {
  event: {
    notFound: 'Evento no encontrado.',
    inactive: 'El evento no está activo.',
    otherCountry: (countryId) => `El evento no está disponible en ${countryName(countryId)}.`,
  },
  combo: {
    notFound: 'Combo no encontrado.',
    inactive: 'El combo no está activo.',
    otherCountry: (countryId) => `El combo no está disponible en ${countryName(countryId)}.`,
  },
  product: {
    notFound: 'Producto de puntos no encontrado.',
    inactive: 'El producto de puntos no está activo.',
    otherCountry: (countryId) => `El producto de puntos no está disponible en ${countryName(countryId)}.`,
  },
};
const EVENT_NOT_STARTED_MESSAGE = 'El evento aún no ha comenzado.';
const EVENT_ENDED_MESSAGE = 'El evento ya terminó.';

function countriesOf(eb: ExpressionBuilder<Database, 'points_items'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('points_item_countries as ic')
      .innerJoin('countries as c', 'c.id', 'ic.country_id')
      .whereRef('ic.item_id', '=', 'points_items.id')
      .select(['c.id', 'c.name', 'c.iso as iso_code'])
      .orderBy('c.id'),
  ).as('countries');
}

/** Items of a kind with their countries, in one statement. */
export function itemRows(db: Kysely<Database>, kind: PointsItemKind) {
  return db
    .selectFrom('points_items')
    .where('points_items.kind', '=', kind)
    .selectAll('points_items')
    .select((eb) => countriesOf(eb));
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof itemRows>['execute']>>[number];

function toComboDto(row: ItemRow): ComboDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image_url,
    requiredPoints: row.points,
    isActive: row.is_active,
    countries: row.countries satisfies PointsCountryDto[],
  };
}

function toEventDto(row: ItemRow): EventDto {
  // The table's check constraint gives every event both dates; the fallback only satisfies the row's type.
  return {
    ...toComboDto(row),
    startDate: (row.start_date ?? row.created_at).toISOString(),
    endDate: (row.end_date ?? row.created_at).toISOString(),
  };
}

export function toPointProductDto(row: ItemRow): PointProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    priceInPoints: row.points,
    isActive: row.is_active,
    deletedAt: row.deleted_at?.toISOString() ?? null,
    countries: row.countries,
  };
}

export const ITEM_DTO: Record<PointsItemKind, (row: ItemRow) => EventDto | ComboDto | PointProductDto> = {
  event: toEventDto,
  combo: toComboDto,
  product: toPointProductDto,
};

/**
 * Items of a kind. `available`: only what can be redeemed now (active, not removed, events within their period),
 * optionally only in one country. Otherwise every item, for the admin page. Newest first; events by start date.
 */
export async function listItems(
  db: Kysely<Database>,
  kind: PointsItemKind,
  filter: { available: boolean; countryId?: number },
): Promise<ItemRow[]> {
  const now = new Date();
  let query = itemRows(db, kind);
  if (filter.available) {
    query = query.where('points_items.is_active', '=', true).where('points_items.deleted_at', 'is', null);
    if (kind === 'event') {
      query = query.where('points_items.start_date', '<=', now).where('points_items.end_date', '>=', now);
    }
  }
  if (filter.countryId !== undefined) {
    const countryId = filter.countryId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('points_item_countries as ic')
          .whereRef('ic.item_id', '=', 'points_items.id')
          .where('ic.country_id', '=', countryId)
          .select(sql`1`.as('one')),
      ),
    );
  }
  const ordered = kind === 'event' ? query.orderBy('points_items.start_date', 'desc') : query;
  return ordered.orderBy('points_items.id', 'desc').execute();
}

export function findItem(db: Kysely<Database>, kind: PointsItemKind, id: number): Promise<ItemRow | undefined> {
  return itemRows(db, kind).where('points_items.id', '=', id).executeTakeFirst();
}

/**
 * An item a user of `countryId` may redeem now; otherwise the Spanish reason. Removed products are not found.
 */
export async function redeemableItem(
  db: Kysely<Database>,
  kind: PointsItemKind,
  id: number,
  countryId: number,
): Promise<ItemRow> {
  const row = await findItem(db, kind, id);
  const messages = ITEM_MESSAGES[kind];
  if (!row || row.deleted_at) throw new Refusal(404, messages.notFound);
  if (!row.countries.some((country) => country.id === countryId)) {
    throw new Refusal(422, messages.otherCountry(countryId));
  }
  if (!row.is_active) throw new Refusal(422, messages.inactive);
  const now = Date.now();
  if (row.start_date && row.start_date.getTime() > now) throw new Refusal(422, EVENT_NOT_STARTED_MESSAGE);
  if (row.end_date && row.end_date.getTime() < now) throw new Refusal(422, EVENT_ENDED_MESSAGE);
  return row;
}

/** The editable fields of an item, as stored. */
export interface ItemFields {
  name: string;
  description: string;
  image_url: string | null;
  points: number;
  is_active: boolean;
  start_date: Date | null;
  end_date: Date | null;
}

/** Creates an item with its countries. */
export async function createItem(
  db: Kysely<Database>,
  kind: PointsItemKind,
  fields: ItemFields,
  countryIds: readonly number[],
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('points_items')
      .values({ kind, ...fields })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setCountries(tx, id, countryIds);
    return id;
  });
}

/** Applies the changes given (countries too when given); false when there is no such item. */
export async function updateItem(
  db: Kysely<Database>,
  kind: PointsItemKind,
  id: number,
  fields: Partial<ItemFields> & Pick<Updateable<PointsItemsTable>, 'deleted_at'>,
  countryIds?: readonly number[],
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('points_items')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    if (countryIds) await setCountries(tx, id, countryIds);
    return true;
  });
}

async function setCountries(tx: Kysely<Database>, itemId: number, countryIds: readonly number[]): Promise<void> {
  await tx.deleteFrom('points_item_countries').where('item_id', '=', itemId).execute();
  if (countryIds.length === 0) return;
  await tx
    .insertInto('points_item_countries')
    .values(countryIds.map((countryId) => ({ item_id: itemId, country_id: countryId })))
    .execute();
}
