import { expect } from 'vitest';
import type { AdminProductDto, AdminProductInput } from '../../../src/lib/shared/admin-products';
import type { TestContext } from '../helpers';
import { client, json, type Caller } from '../prescriptions-fixtures';

/**
 * A valid product form of the admin catalogue: a capsule supplement of the first category, sold in Colombia only, in one
 * presentation, with no stock tracked, no points price and no discounts. Its name, slug and serial number are the
 * test's (unique ones); `overrides` replace any other field.
 */
export function adminProductInput(
  overrides: Pick<AdminProductInput, 'name' | 'slug' | 'serialNumber'> & Partial<AdminProductInput>,
): AdminProductInput {
  return {
    description: '',
    tag: '',
    categoryId: 1,
    pharmaceuticalFormId: 1,
    capsuleInfo: null,
    stockTracked: false,
    stockQuantity: null,
    featured: false,
    pointsPrice: null,
    requiresSignedPrescription: false,
    prices: { co: { amount: 52900, vatIncluded: true }, mx: null, pe: null },
    presentations: [{ containerType: 'Frasco', quantity: 60, unitSymbol: 'cápsulas', isDefault: true }],
    discounts: [],
    ...overrides,
  };
}

/** Creates a product through the admin API, as the admin catalogue does, and answers it as the API does. */
export async function createdAdminProduct(
  ctx: TestContext,
  admin: Caller,
  input: AdminProductInput,
): Promise<AdminProductDto> {
  const response = await client(ctx, admin).send('POST', '/admin/products', input);
  expect(response.status, await response.clone().text()).toBe(201);
  return json<AdminProductDto>(response);
}
