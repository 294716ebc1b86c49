import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRESCRIPTION_SETTINGS } from '../../lib/shared/prescriptions';
import {
  adminPrescriptionSettingsHandlers,
  resetAdminPrescriptionSettingsFixtures,
} from '../../testing/handlers/admin-prescription-settings';
import { http, HttpResponse } from 'msw';
import { contactQueries } from '../../lib/contact';
import type { ContactSettingsDto } from '../../lib/shared/contact';
import { TEST_API } from '../../testing/api-url';
import { accountFixtures } from '../../testing/handlers/account';
import {
  adminMedicalRequestHandlers,
  buildMedicalRequest,
  medicalRequestFixtures,
  resetMedicalRequestFixtures,
} from '../../testing/handlers/admin-medical-requests';
import { contactFixtures } from '../../testing/handlers/contact';
import { buildHormoneOrder, orderFixtures } from '../../testing/handlers/orders';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { prescriptionSettingsQueries } from '../prescriptions/api';
import {
  adminContactQueries,
  affiliateQueries,
  hormoneOrderQueries,
  medicalRequestQueries,
  useDecideHormoneOrder,
  useReviewAffiliate,
  useSaveContactSettings,
  useSavePrescriptionSettings,
  useSetMedicalRequestStatus,
} from './api';
import { loggedInAsAdmin } from './test-session';

beforeEach(() => {
  server.use(...adminPrescriptionSettingsHandlers);
  resetAdminPrescriptionSettingsFixtures();
});

describe('useSavePrescriptionSettings', () => {
  it('puts the saved settings in the one copy the builder reads, without asking the server again', async () => {
    await loggedInAsAdmin();
    const client = new QueryClient();
    const key = prescriptionSettingsQueries.current('co').queryKey;
    client.setQueryData(key, DEFAULT_PRESCRIPTION_SETTINGS);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSavePrescriptionSettings('co'), { wrapper });
    const changed = { ...DEFAULT_PRESCRIPTION_SETTINGS, defaultIndications: 'Tomar con agua.' };

    await act(() => result.current.mutateAsync(changed));

    expect(client.getQueryData(key)).toEqual(changed);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
  });
});

describe('useSaveContactSettings', () => {
  it('saves another country’s channels with the admin’s session and puts the answer in both copies', async () => {
    await loggedInAsAdmin();
    const sessions: (string | null)[] = [];
    server.use(
      http.put(`${TEST_API}/admin/contact-settings/:country`, ({ request }) => {
        sessions.push(request.headers.get('x-country'));
        return undefined;
      }),
    );
    const { result, client } = renderWithQueryClient(() => useSaveContactSettings('co'));
    const empty = (country: 'co' | 'pe'): ContactSettingsDto => ({
      country,
      phone: null,
      chatNumber: null,
      updatedAt: null,
    });
    const adminKey = adminContactQueries.all('co').queryKey;
    client.setQueryData(adminKey, { data: [empty('co'), empty('pe')] });

    const saved = await act(() =>
      result.current.mutateAsync({ country: 'pe', input: { phone: '+51 1 555 0190', chatNumber: null } }),
    );

    expect(sessions).toEqual(['co']);
    expect(contactFixtures.saved).toEqual([{ country: 'pe', body: { phone: '+51 1 555 0190', chatNumber: null } }]);
    expect(client.getQueryData(adminKey)).toEqual({ data: [empty('co'), saved] });
    expect(client.getQueryData(contactQueries.settings('pe').queryKey)).toEqual(saved);
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useReviewAffiliate', () => {
  it('approves, rejects with the reason or changes the level, then refreshes only this country’s professionals', async () => {
    await loggedInAsAdmin();
    const levels: unknown[] = [];
    server.use(
      http.patch(`${TEST_API}/admin/affiliates/:id`, async ({ request }) => {
        levels.push(await request.json());
        return HttpResponse.json(accountFixtures.affiliates[0]);
      }),
    );
    const { result, client } = renderWithQueryClient(() => useReviewAffiliate('co'));
    const pending = affiliateQueries.list('co', { status: 'pending' }).queryKey;
    const all = affiliateQueries.list('co', {}).queryKey;
    const otherCountry = affiliateQueries.list('pe', {}).queryKey;

    seedQueries(client, [pending, all, otherCountry]);
    await act(() => result.current.mutateAsync({ id: 30, action: 'set-level', purchaseLevelId: 2 }));
    expect(levels).toEqual([{ purchaseLevelId: 2 }]);
    expect(invalidatedKeys(client)).toEqual([pending, all]);

    await act(() => result.current.mutateAsync({ id: 30, action: 'reject', reason: 'Tarjeta ilegible' }));
    expect(accountFixtures.affiliates[0]).toMatchObject({
      approval_status: 'rejected',
      approval_reason: 'Tarjeta ilegible',
    });

    await act(() => result.current.mutateAsync({ id: 30, action: 'approve', purchaseLevelId: undefined }));
    expect(accountFixtures.affiliates[0]?.approval_status).toBe('approved');
  });
});

describe('useDecideHormoneOrder', () => {
  it('releases or cancels the order and refreshes every tab of this country’s queue', async () => {
    await loggedInAsAdmin();
    orderFixtures.hormoneOrders = [buildHormoneOrder({ id: 61 }), buildHormoneOrder({ id: 62 })];
    const { result, client } = renderWithQueryClient(() => useDecideHormoneOrder('co'));
    const pending = hormoneOrderQueries.list('co', { status: 'pending_prescription', countryId: null }).queryKey;
    const released = hormoneOrderQueries.list('co', { status: 'released', countryId: 1 }).queryKey;
    const otherCountry = hormoneOrderQueries.list('pe', { status: 'released', countryId: null }).queryKey;
    seedQueries(client, [pending, released, otherCountry]);

    await act(() => result.current.mutateAsync({ orderId: 61, approve: true }));
    await act(() => result.current.mutateAsync({ orderId: 62, approve: false, reason: 'Fórmula vencida' }));

    expect(orderFixtures.hormoneOrders.map((order) => order.status)).toEqual(['released', 'cancelled']);
    expect(orderFixtures.hormoneOrders[1]?.prescription?.reason).toBe('Fórmula vencida');
    expect(invalidatedKeys(client)).toEqual([pending, released]);
  });
});

describe('useSetMedicalRequestStatus', () => {
  it('moves the request and refreshes every page of this country’s requests', async () => {
    await loggedInAsAdmin();
    server.use(...adminMedicalRequestHandlers);
    resetMedicalRequestFixtures([buildMedicalRequest({ id: 5, status: 'new' })]);
    const { result, client } = renderWithQueryClient(() => useSetMedicalRequestStatus('co'));
    const fresh = medicalRequestQueries.list('co', 'new', 1).queryKey;
    const every = medicalRequestQueries.list('co', '', 2).queryKey;
    const otherCountry = medicalRequestQueries.list('mx', '', 1).queryKey;
    seedQueries(client, [fresh, every, otherCountry]);

    const moved = await act(() => result.current.mutateAsync({ id: 5, status: 'contacted' }));

    expect(moved.status).toBe('contacted');
    expect(medicalRequestFixtures.requests[0]?.status).toBe('contacted');
    expect(invalidatedKeys(client)).toEqual([fresh, every]);
  });
});
