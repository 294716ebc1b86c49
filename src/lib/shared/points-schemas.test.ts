import { describe, expect, it } from 'vitest';
import {
  buyComboSchema,
  COMBO_ID_MESSAGE,
  DATE_MESSAGE,
  EVENT_PERIOD_MESSAGE,
  IMAGE_MESSAGE,
  MAX_QUANTITY_MESSAGE,
  NO_CONFIG_CHANGES_MESSAGE,
  NO_COUNTRY_MESSAGE,
  NO_PRODUCTS_MESSAGE,
  NOTHING_TO_SUBTRACT_MESSAGE,
  pointsItemSchema,
  PRODUCT_ID_MESSAGE,
  QUANTITY_MESSAGE,
  redeemBatchSchema,
  redeemProductSchema,
  subtractPointsSchema,
  updatePointsConfigSchema,
} from './points-schemas';
import { schemaProblems } from '../../testing/schema-problems';

const messages = (body: unknown) => schemaProblems(updatePointsConfigSchema, body);

describe('updatePointsConfigSchema', () => {
  it('keeps the values given, with up to two decimals', () => {
    expect(updatePointsConfigSchema.parse({ pointValue: 1.25, prescriptionRewardPercent: 0 })).toEqual({
      pointValue: 1.25,
      prescriptionRewardPercent: 0,
    });
  });

  it('refuses values out of bounds, other types and an empty change, in Spanish', () => {
    const pointValue = 'Debe ser un número mayor que 0 hasta 10000, con máximo 2 decimales.';
    const percent = 'Debe ser un número de 0 hasta 50, con máximo 2 decimales.';
    for (const value of [0, -1, '2', 10_001, 1.234, Number.NaN, null]) {
      expect(messages({ pointValue: value }), String(value)).toEqual([['pointValue', pointValue]]);
    }
    expect(messages({ purchaseRewardPercent: 51, prescriptionRewardPercent: -0.5 })).toEqual([
      ['purchaseRewardPercent', percent],
      ['prescriptionRewardPercent', percent],
    ]);
    expect(messages({})).toEqual([['', NO_CONFIG_CHANGES_MESSAGE]]);
  });
});

describe('the spending calls', () => {
  it('read ids as numbers or digits, with the call’s own message for anything else, a missing one included', () => {
    expect(buyComboSchema.parse({ comboId: '12' })).toEqual({ comboId: 12 });
    for (const comboId of [undefined, 'abc', -3, 1.5, 2_147_483_648]) {
      expect(schemaProblems(buyComboSchema, { comboId }), String(comboId)).toEqual([['comboId', COMBO_ID_MESSAGE]]);
    }
  });

  it('redeem one product as one line, within the quantity limit', () => {
    expect(redeemProductSchema.parse({ productId: 4, quantity: 2 })).toEqual([{ productId: 4, quantity: 2 }]);
    expect(schemaProblems(redeemProductSchema, { productId: 4 })).toEqual([['quantity', QUANTITY_MESSAGE]]);
    expect(schemaProblems(redeemProductSchema, { productId: 4, quantity: 101 })).toEqual([
      ['quantity', MAX_QUANTITY_MESSAGE],
    ]);
  });

  it('add up a repeated product in a batch, and need one at least', () => {
    expect(
      redeemBatchSchema.parse({
        products: [
          { productId: 4, quantity: 2 },
          { productId: '4', quantity: 3 },
        ],
      }),
    ).toEqual({ products: [{ productId: 4, quantity: 5 }] });
    expect(schemaProblems(redeemBatchSchema, { products: [] })).toEqual([['products', NO_PRODUCTS_MESSAGE]]);
    expect(
      schemaProblems(redeemBatchSchema, {
        products: [
          { productId: 4, quantity: 60 },
          { productId: 4, quantity: 60 },
        ],
      }),
    ).toEqual([['products', MAX_QUANTITY_MESSAGE]]);
    expect(schemaProblems(redeemBatchSchema, { products: ['x'] })).toEqual([['products.0', PRODUCT_ID_MESSAGE]]);
  });

  it('subtract products or points, at least one, with a reason kept trimmed', () => {
    expect(subtractPointsSchema.parse({ points: 30, reason: ' Pedido 12 ' })).toEqual({
      products: [],
      points: 30,
      reason: 'Pedido 12',
    });
    expect(schemaProblems(subtractPointsSchema, { points: null })).toEqual([['', NOTHING_TO_SUBTRACT_MESSAGE]]);
  });
});

describe('pointsItemSchema', () => {
  const event = {
    name: ' Webinar ',
    requiredPoints: 200,
    countries: [1, '2', 1],
    startDate: '2026-03-01T08:00:00-05:00',
    endDate: '2026-03-02',
  };

  it('reads a creation under the kind’s wire names, with its defaults', () => {
    expect(pointsItemSchema('event', true).parse(event)).toEqual({
      name: 'Webinar',
      description: '',
      imageUrl: null,
      points: 200,
      isActive: true,
      countries: [1, 2],
      startDate: new Date('2026-03-01T13:00:00Z'),
      endDate: new Date('2026-03-02'),
    });
    expect(
      pointsItemSchema('product', true).parse({
        name: 'Guía',
        priceInPoints: 50,
        countries: [3],
        imageUrl: '/api/media/g.svg',
      }),
    ).toMatchObject({ points: 50, imageUrl: '/api/media/g.svg' });
  });

  it('says every problem of a creation at once, the period once both dates are read', () => {
    expect(
      schemaProblems(pointsItemSchema('event', true), {
        image: 'javascript:alert(1)',
        requiredPoints: 0,
        isActive: 'sí',
        endDate: 'mañana',
      }),
    ).toEqual([
      ['name', 'Campo obligatorio'],
      ['image', IMAGE_MESSAGE],
      ['requiredPoints', 'Debe ser un número entero de puntos entre 1 y 10000000.'],
      ['isActive', 'Debe ser true o false.'],
      ['countries', NO_COUNTRY_MESSAGE],
      // The server words a missing value 'Campo obligatorio' (`fieldErrorsOf`).
      ['startDate', DATE_MESSAGE],
      ['endDate', DATE_MESSAGE],
    ]);
    expect(schemaProblems(pointsItemSchema('event', true), { ...event, endDate: '2026-02-01' })).toEqual([
      ['endDate', EVENT_PERIOD_MESSAGE],
    ]);
    expect(schemaProblems(pointsItemSchema('combo', true), { ...event, countries: [7] })).toEqual([
      ['countries', 'Países no válidos: usa ids de 1, 2, 3.'],
    ]);
  });

  it('changes only what a change gives; blank texts clear the description and the image', () => {
    expect(pointsItemSchema('combo', false).parse({ isActive: false, description: ' ', image: null })).toEqual({
      name: undefined,
      description: '',
      imageUrl: null,
      points: undefined,
      isActive: false,
      countries: undefined,
      startDate: undefined,
      endDate: undefined,
    });
  });
});
