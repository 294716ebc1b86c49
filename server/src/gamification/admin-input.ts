import { EVENT_PERIOD_MESSAGE, type PointsItemInput } from '../../../src/lib/shared/points-schemas';
import { refusedFields } from '../http/validated';
import type { ItemFields, ItemRow } from './catalogue';

/**
 * The columns an item's validated body changes (`pointsItemSchema`), and its countries when given. A change of an
 * event's dates is checked against the stored ones: the end must stay after the start.
 */
export function itemChanges(
  input: PointsItemInput,
  existing?: ItemRow,
): { fields: Partial<ItemFields>; countryIds: number[] | undefined } {
  const start = input.startDate ?? existing?.start_date;
  const end = input.endDate ?? existing?.end_date;
  if (start && end && end <= start) throw refusedFields([{ field: 'endDate', message: EVENT_PERIOD_MESSAGE }]);
  const fields: Partial<ItemFields> = {
    name: input.name,
    description: input.description,
    image_url: input.imageUrl,
    points: input.points,
    is_active: input.isActive,
    start_date: input.startDate,
    end_date: input.endDate,
  };
  // Only what the body gave: a change leaves the other columns as they are.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { fields: given, countryIds: input.countries };
}

/** Every field a creation needs, once `pointsItemSchema` checked them. */
export function completeItemFields(fields: Partial<ItemFields>): ItemFields {
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    image_url: fields.image_url ?? null,
    points: fields.points ?? 0,
    is_active: fields.is_active ?? true,
    start_date: fields.start_date ?? null,
    end_date: fields.end_date ?? null,
  };
}
