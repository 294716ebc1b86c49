import { describe, expect, it } from 'vitest';
import {
  favoritesMergeSchema,
  PRODUCT_ID_MESSAGE,
  PRODUCT_IDS_LIST_MESSAGE,
  PRODUCT_IDS_TOO_MANY_MESSAGE,
} from './favorite-schemas';

const messages = (body: unknown) => favoritesMergeSchema.safeParse(body).error?.issues.map((issue) => issue.message);

describe('favoritesMergeSchema', () => {
  it('keeps each product once', () => {
    expect(favoritesMergeSchema.parse({ productIds: [3, 1, 3] })).toEqual({ productIds: [3, 1] });
    expect(favoritesMergeSchema.parse({ productIds: [] })).toEqual({ productIds: [] });
  });

  it('refuses a missing list, another type, too many ids and ids that cannot exist, in Spanish', () => {
    expect(messages({})).toEqual(['Campo obligatorio']);
    expect(messages({ productIds: null })).toEqual(['Campo obligatorio']);
    expect(messages({ productIds: 5 })).toEqual([PRODUCT_IDS_LIST_MESSAGE]);
    expect(messages({ productIds: Array.from({ length: 201 }, (_, index) => index + 1) })).toEqual([
      PRODUCT_IDS_TOO_MANY_MESSAGE,
    ]);
    for (const id of ['1', 1.5, 0, 2_147_483_648, null, 1e308]) {
      expect(messages({ productIds: [id] }), String(id)).toEqual([PRODUCT_ID_MESSAGE]);
    }
  });
});
