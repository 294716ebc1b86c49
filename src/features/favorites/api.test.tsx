import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API } from '../../testing/api-url';
import { buildProduct } from '../../testing/data';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { favoriteQueries, mergeDeviceFavorites } from './api';

describe('mergeDeviceFavorites', () => {
  it('sends the device’s favourites and makes the answer that account’s list, nobody else’s', async () => {
    await loggedInAs('co');
    const sent: unknown[] = [];
    const merged = { data: [buildProduct({ id: 3 }), buildProduct({ id: 4 })] };
    server.use(
      http.post(`${TEST_API}/favorites/merge`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(merged);
      }),
    );
    const client = new QueryClient();

    await mergeDeviceFavorites(client, 'co', 'uid-1', [3, 4]);

    expect(sent).toEqual([{ productIds: [3, 4] }]);
    expect(client.getQueryData(favoriteQueries.list('co', 'uid-1').queryKey)).toEqual(merged);
    expect(client.getQueryData(favoriteQueries.list('co', 'uid-2').queryKey)).toBeUndefined();
  });
});
