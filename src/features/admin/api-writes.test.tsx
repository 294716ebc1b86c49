import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../lib/http';
import type { PaymentDiscrepancyDto } from '../../lib/shared/payments';
import { TEST_API } from '../../testing/api-url';
import { adminLibraryHandlers } from '../../testing/handlers/admin-library';
import {
  adminProductFixtures,
  adminProductHandlers,
  buildAdminProduct,
  resetAdminProductFixtures,
} from '../../testing/handlers/admin-products';
import {
  adminPromoCodeFixtures,
  adminPromoCodeHandlers,
  resetAdminPromoCodeFixtures,
} from '../../testing/handlers/admin-promo-codes';
import { prescriptionFixtures } from '../../testing/handlers/prescriptions';
import {
  invalidatedKeys,
  renderWithQueryClient,
  renderWithSeededQueries,
  seedQueries,
} from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import {
  adminProductQueries,
  adminPromoCodeQueries,
  libraryQueries,
  paymentDiscrepancyQueries,
  useChangeProductImages,
  useRemoveLibraryDocument,
  useRunPaymentReconciliation,
  useSaveLibraryDocument,
  useSaveProduct,
  useSavePromoCode,
  useSetProductActive,
} from './api';
import { LIBRARY_GUIDE } from './test-data';
import { loggedInAsAdmin } from './test-session';

// The admin's writes whose answer or refresh stays within the admin feature (the ones that reach other features'
// caches are in api.test.tsx).

/** Every kind of admin product answer of this country, and one of another country. */
function productKeys() {
  return {
    list: adminProductQueries.list('co', '', 1).queryKey,
    signed: adminProductQueries.signedPrescription('co').queryKey,
    otherCountry: adminProductQueries.list('pe', '', 1).queryKey,
  };
}

beforeEach(() => {
  server.use(...adminProductHandlers, ...adminLibraryHandlers, ...adminPromoCodeHandlers);
  resetAdminProductFixtures([buildAdminProduct({ id: 12, name: 'Magnesio', slug: 'magnesio', active: true })]);
  resetAdminPromoCodeFixtures([]);
});

describe('useSaveProduct', () => {
  it('creates or replaces the product and refreshes this country’s product lists', async () => {
    await loggedInAsAdmin();
    const { result, client, keys } = renderWithSeededQueries(() => useSaveProduct('co'), productKeys());
    const { id: _id, ...input } = buildAdminProduct({ name: 'Omega 3', slug: 'omega-3' });

    const created = await act(() => result.current.mutateAsync({ id: null, input }));

    expect(created).toMatchObject({ name: 'Omega 3', slug: 'omega-3' });
    expect(adminProductFixtures.saved).toHaveLength(1);
    expect(invalidatedKeys(client)).toEqual([keys.list, keys.signed]);
  });

  it('keeps the server’s refusal, naming the field, as the error and refreshes nothing', async () => {
    await loggedInAsAdmin();
    const { result, client } = renderWithQueryClient(() => useSaveProduct('co'));
    seedQueries(client, Object.values(productKeys()));
    const { id: _id, ...input } = buildAdminProduct({ slug: 'magnesio' });

    await act(() => result.current.mutateAsync({ id: null, input }).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toBe('Ya existe un producto con este slug.'));
    expect((result.current.error as ApiError).fieldErrors).toEqual([
      { field: 'slug', message: 'Ya existe un producto con este slug.' },
    ]);
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useSetProductActive', () => {
  it('deactivates the product and refreshes this country’s product lists', async () => {
    await loggedInAsAdmin();
    const { result, client, keys } = renderWithSeededQueries(() => useSetProductActive('co'), productKeys());

    const updated = await act(() => result.current.mutateAsync({ id: 12, active: false }));

    expect(updated.active).toBe(false);
    expect(adminProductFixtures.products[0]?.active).toBe(false);
    expect(invalidatedKeys(client)).toEqual([keys.list, keys.signed]);
  });
});

describe('useChangeProductImages', () => {
  it('uploads an image, removes it, and refreshes the product lists each time', async () => {
    await loggedInAsAdmin();
    const { result, client, keys } = renderWithSeededQueries(() => useChangeProductImages('co'), productKeys());
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'foto.png', { type: 'image/png' });

    const withImage = await act(() => result.current.mutateAsync({ productId: 12, file: png }));
    const image = withImage.images[0];
    expect(image).toMatchObject({ uploaded: true });
    expect(invalidatedKeys(client)).toEqual([keys.list, keys.signed]);

    const without = await act(() => result.current.mutateAsync({ productId: 12, imageId: image?.id ?? 0 }));
    expect(without.images).toEqual([]);
  });
});

describe('library documents', () => {
  const GUIDE = { ...LIBRARY_GUIDE, description: '' };

  it('useSaveLibraryDocument changes a document and refreshes this country’s library only', async () => {
    await loggedInAsAdmin();
    prescriptionFixtures.documents = [GUIDE];
    const { result, client } = renderWithQueryClient(() => useSaveLibraryDocument('co'));
    const library = libraryQueries.list('co').queryKey;
    const otherCountry = libraryQueries.list('mx').queryKey;
    seedQueries(client, [library, otherCountry]);

    const saved = await act(() =>
      result.current.mutateAsync({
        id: 7,
        input: { kind: 'template', title: 'Guía de ayuno 2', description: '', countryId: 1, file: null },
      }),
    );

    expect(saved).toMatchObject({ id: 7, title: 'Guía de ayuno 2', kind: 'template', countryId: 1 });
    expect(invalidatedKeys(client)).toEqual([library]);
  });

  it('useRemoveLibraryDocument deletes it and refreshes the library', async () => {
    await loggedInAsAdmin();
    prescriptionFixtures.documents = [GUIDE];
    const { result, client } = renderWithQueryClient(() => useRemoveLibraryDocument('co'));
    const library = libraryQueries.list('co').queryKey;
    seedQueries(client, [library]);

    await act(() => result.current.mutateAsync(7));

    expect(prescriptionFixtures.documents).toEqual([]);
    expect(invalidatedKeys(client)).toEqual([library]);
  });
});

describe('useSavePromoCode', () => {
  it('creates a code and refreshes this country’s list of codes', async () => {
    await loggedInAsAdmin();
    const { result, client } = renderWithQueryClient(() => useSavePromoCode('co'));
    const codes = adminPromoCodeQueries.list('co').queryKey;
    const otherCountry = adminPromoCodeQueries.list('pe').queryKey;
    seedQueries(client, [codes, otherCountry]);
    const input = {
      code: 'VERANO15',
      discountType: 'percentage' as const,
      value: 15,
      active: true,
      maxUses: null,
      maxUsesPerUser: 1,
      countries: [],
    };

    const saved = await act(() => result.current.mutateAsync({ input, id: undefined }));

    expect(saved).toMatchObject({ code: 'VERANO15', id: 1 });
    expect(adminPromoCodeFixtures.saved).toEqual([input]);
    expect(invalidatedKeys(client)).toEqual([codes]);
  });
});

describe('useRunPaymentReconciliation', () => {
  it('puts the comparison’s open reports in the list at once, without asking for it again', async () => {
    await loggedInAsAdmin();
    const found = { id: 7, orderNumber: 'CO-000041' } as PaymentDiscrepancyDto;
    server.use(
      http.post(`${TEST_API}/admin/payment-reconciliation`, () =>
        HttpResponse.json({ data: { open: 1, discrepancies: [found] } }),
      ),
    );
    const { result, client } = renderWithQueryClient(() => useRunPaymentReconciliation('co'));
    const key = paymentDiscrepancyQueries.list('co').queryKey;
    client.setQueryData(key, { data: [] });

    await act(() => result.current.mutateAsync());

    expect(client.getQueryData(key)).toEqual({ data: [found] });
    expect(invalidatedKeys(client)).toEqual([]);
  });
});
