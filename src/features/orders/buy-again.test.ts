import { describe, expect, it } from 'vitest';
import { buildProduct } from '../../testing/data';
import { buildOrderItem } from '../../testing/handlers/orders';
import { orderProductIds, planBuyAgain } from './buy-again';

describe('planBuyAgain', () => {
  it('keeps available products with the ordered quantity and skips the rest with the reason', () => {
    const items = [
      buildOrderItem({ productId: 1, name: 'Magnesio', quantity: 2 }),
      buildOrderItem({ productId: 2, name: 'Omega 3', quantity: 1 }),
      buildOrderItem({ productId: 3, name: 'Zinc', quantity: 1 }),
      buildOrderItem({ productId: 4, name: 'Vitamina D', quantity: 1 }),
    ];
    const products = new Map([
      [1, buildProduct({ id: 1 })],
      [2, buildProduct({ id: 2, stock: { quantity: 0, tracked: true } })],
      [3, null],
      [4, buildProduct({ id: 4, price: null })],
    ]);
    const plan = planBuyAgain(items, products);
    expect(plan.lines.map((line) => [line.product.id, line.quantity, line.redeemWithPoints])).toEqual([[1, 2, false]]);
    expect(plan.skipped).toEqual([
      { productId: 2, name: 'Omega 3', reason: 'out_of_stock' },
      { productId: 3, name: 'Zinc', reason: 'unavailable' },
      { productId: 4, name: 'Vitamina D', reason: 'unavailable' },
    ]);
    expect(plan.reduced).toEqual([]);
  });

  it('merges repeated lines, caps them by tracked stock and ignores untracked stock', () => {
    const items = [
      buildOrderItem({ productId: 1, name: 'Magnesio', quantity: 4 }),
      buildOrderItem({ productId: 1, name: 'Magnesio', quantity: 3 }),
      buildOrderItem({ productId: 2, name: 'Omega 3', quantity: 50 }),
    ];
    const products = new Map([
      [1, buildProduct({ id: 1, stock: { quantity: 5, tracked: true } })],
      [2, buildProduct({ id: 2, stock: { quantity: null, tracked: false } })],
    ]);
    const plan = planBuyAgain(items, products);
    expect(plan.lines.map((line) => [line.product.id, line.quantity])).toEqual([
      [1, 5],
      [2, 50],
    ]);
    expect(plan.reduced).toEqual([{ productId: 1, name: 'Magnesio', ordered: 7, added: 5 }]);
    expect(orderProductIds(items)).toEqual([1, 2]);
  });

  it('re-adds a points line only while the product can still be redeemed with points', () => {
    const items = [
      buildOrderItem({ productId: 1, name: 'Termo', type: 'points', points: 1500, unitPrice: 0, lineTotal: 0 }),
      buildOrderItem({ productId: 2, name: 'Libreta', type: 'points', points: 500, unitPrice: 0, lineTotal: 0 }),
    ];
    const products = new Map([
      [1, buildProduct({ id: 1, type: 'points', points_price: 1500, price: null })],
      [2, buildProduct({ id: 2, type: 'standard', points_price: null })],
    ]);
    const plan = planBuyAgain(items, products);
    expect(plan.lines.map((line) => [line.product.id, line.redeemWithPoints])).toEqual([[1, true]]);
    expect(plan.skipped).toEqual([{ productId: 2, name: 'Libreta', reason: 'unavailable' }]);
  });
});
