import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect } from 'react';
import type { CountryCode } from '../../../lib/shared/countries';
import { useSession } from '../../../lib/session/use-session';
import { mergeDeviceFavorites } from '../api';
import { deviceFavoritesAtom } from '../atoms';

/** After a login, the favourites collected on this device join the account's and leave the device. */
export function FavoritesSync({ country }: { country: CountryCode }) {
  const session = useSession(country);
  const queryClient = useQueryClient();
  const [deviceIds, setDeviceIds] = useAtom(deviceFavoritesAtom);
  const uid = session?.user.uid;
  useEffect(() => {
    if (!uid || deviceIds.length === 0) return;
    let cancelled = false;
    void mergeDeviceFavorites(queryClient, country, uid, deviceIds)
      .then(() => {
        if (!cancelled) setDeviceIds([]);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [uid, country, deviceIds, queryClient, setDeviceIds]);
  return null;
}
