import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../lib/http';
import type { ProductDto } from '../../lib/shared/api-types';
import type { CountryCode } from '../../lib/shared/countries';
import { useSession } from '../../lib/session/use-session';
import { addFavorite, favoriteQueries, removeFavorite } from './api';
import { deviceFavoritesAtom } from './atoms';

/** The favourites of whoever is looking: the account's on the server, or the device's for a visitor. */
export function useFavorites(country: CountryCode) {
  const session = useSession(country);
  const viewer = session?.user.uid ?? 'anonymous';
  const queryClient = useQueryClient();
  const [deviceIds, setDeviceIds] = useAtom(deviceFavoritesAtom);
  const [failure, setFailure] = useState<string | null>(null);
  const server = useQuery({ ...favoriteQueries.list(country, viewer), enabled: !!session });
  const ids = new Set(session ? (server.data?.data.map((product) => product.id) ?? []) : deviceIds);

  /**
   * The heart changes at once and the server is told behind it: on a phone's slow connection the tap shows its effect
   * without waiting for the round trip and the list's refetch; a refusal puts the list back and says why.
   */
  async function toggle(product: ProductDto) {
    setFailure(null);
    const adding = !ids.has(product.id);
    if (!session) {
      setDeviceIds((current) => (adding ? [...current, product.id] : current.filter((id) => id !== product.id)));
      return;
    }
    const listKey = favoriteQueries.list(country, viewer).queryKey;
    await queryClient.cancelQueries({ queryKey: listKey });
    const before = queryClient.getQueryData(listKey);
    queryClient.setQueryData(listKey, (list) => {
      const products = list?.data ?? [];
      return {
        data: adding ? [...products, product] : products.filter((favorite) => favorite.id !== product.id),
      };
    });
    try {
      await (adding ? addFavorite(country, product.id) : removeFavorite(country, product.id));
    } catch (error) {
      queryClient.setQueryData(listKey, before);
      setFailure(errorMessage(error));
    } finally {
      await queryClient.invalidateQueries({ queryKey: listKey });
    }
  }

  return { ids, toggle, failure, server, loggedIn: !!session };
}
