import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateOrderRequestDto } from '../../lib/shared/orders';
import { TEST_API } from '../../testing/api-url';
import { checkoutFixtures } from '../../testing/handlers/checkout';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { checkoutQueries, useCreateOrder } from './api';

const REQUEST = {
  countryId: 1,
  items: [{ productId: 1, quantity: 2 }],
  sourceId: 'source-1',
  paymentMethod: 'card',
  saveAddress: false,
  prescriptionDocumentId: null,
} as unknown as CreateOrderRequestDto;

describe('useCreateOrder', () => {
  it('sends the order with its source id as the key and touches nothing cached (the page leaves to pay)', async () => {
    await loggedInAs('co');
    const { result, client } = renderWithQueryClient(() => useCreateOrder('co'));
    const orderKey = checkoutQueries.bySource('co', 'uid-1', 'source-1').queryKey;
    seedQueries(client, [orderKey, ['points', 'co', 7, 'balance']]);

    const answer = await act(() => result.current.mutateAsync(REQUEST));

    expect(checkoutFixtures.orders).toEqual([{ request: REQUEST, idempotencyKey: 'source-1' }]);
    expect(answer.payment.redirectUrl).toMatch(/\/payments\/sandbox\/pay_1$/);
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('keeps the server’s refusal as the error', async () => {
    await loggedInAs('co');
    server.use(
      http.post(`${TEST_API}/orders`, () => HttpResponse.json({ message: 'Sin existencias.' }, { status: 409 })),
    );
    const { result } = renderWithQueryClient(() => useCreateOrder('co'));

    await act(() => result.current.mutateAsync(REQUEST).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toBe('Sin existencias.'));
  });
});
