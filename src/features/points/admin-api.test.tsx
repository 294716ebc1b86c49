import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { buildPointProduct, pointsFixtures } from '../../testing/handlers/points';
import { invalidatedKeys, renderWithSeededQueries } from '../../testing/mutation-hooks';
import { loggedInAs } from '../../testing/session';
import { pointsAdminQueries, useSavePointsItem, useUpdatePointsConfig } from './admin-api';
import { pointsQueries } from './api';

function admin() {
  return loggedInAs('co', { role: { id: ROLE_IDS.admin, name: 'admin' }, email: 'admin@demo.test' });
}

/** Config, catalogue and admin keys of two countries, and one person's balance. */
function seededKeys() {
  return {
    configCo: pointsQueries.config('co').queryKey,
    configPe: pointsQueries.config('pe').queryKey,
    catalogueCo: pointsQueries.catalogue('co', 'product').queryKey,
    cataloguePe: pointsQueries.catalogue('pe', 'event').queryKey,
    adminList: pointsAdminQueries.items('co', 'product').queryKey,
    balance: pointsQueries.balance('co', 7).queryKey,
  };
}

describe('useUpdatePointsConfig', () => {
  it('sends the changes for that country and refreshes every country’s config, nothing else', async () => {
    await admin();
    const { result, client, keys } = renderWithSeededQueries(() => useUpdatePointsConfig('co'), seededKeys());

    await act(() => result.current.mutateAsync({ countryId: 2, changes: { pointValue: 7 } }));

    expect(pointsFixtures.configs.find((config) => config.countryId === 2)?.pointValue).toBe(7);
    expect(invalidatedKeys(client)).toEqual([keys.configCo, keys.configPe]);
  });
});

describe('useSavePointsItem', () => {
  it('creates an item and refreshes every country’s catalogue and the admin’s list', async () => {
    await admin();
    const { result, client, keys } = renderWithSeededQueries(() => useSavePointsItem('co', 'product'), seededKeys());
    const input = {
      name: 'Gorra del Dispensario',
      description: 'Gorra bordada.',
      imageUrl: null,
      priceInPoints: 300,
      isActive: true,
      countries: [1],
    };

    const created = await act(() => result.current.mutateAsync({ id: undefined, input }));

    expect(created).toMatchObject({ name: 'Gorra del Dispensario', priceInPoints: 300 });
    expect(pointsFixtures.products[0]?.name).toBe('Gorra del Dispensario');
    expect(invalidatedKeys(client)).toEqual([keys.catalogueCo, keys.cataloguePe, keys.adminList]);
  });

  it('changes only the fields given of an existing item', async () => {
    await admin();
    pointsFixtures.products = [buildPointProduct({ id: 41, name: 'Termo' })];
    const { result, client, keys } = renderWithSeededQueries(() => useSavePointsItem('co', 'product'), seededKeys());

    await act(() => result.current.mutateAsync({ id: 41, changes: { isActive: false } }));

    expect(pointsFixtures.products[0]).toMatchObject({ id: 41, name: 'Termo', isActive: false });
    expect(invalidatedKeys(client)).toEqual([keys.catalogueCo, keys.cataloguePe, keys.adminList]);
  });
});
