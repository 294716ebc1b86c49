import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { errorMessage } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import { useSession } from '../auth/use-session';
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

  async function toggle(productId: number) {
    setFailure(null);
    const adding = !ids.has(productId);
    if (!session) {
      setDeviceIds((current) => (adding ? [...current, productId] : current.filter((id) => id !== productId)));
      return;
    }
    try {
      await (adding ? addFavorite(country, productId) : removeFavorite(country, productId));
      await queryClient.invalidateQueries({ queryKey: favoriteQueries.list(country, viewer).queryKey });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return { ids, toggle, failure, server, loggedIn: !!session };
}
