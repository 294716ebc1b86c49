import { persistedAtom } from '../../lib/store';

const MAX_DEVICE_FAVORITES = 200;

function parseIds(stored: unknown): number[] | undefined {
  if (!Array.isArray(stored)) return undefined;
  return stored.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, MAX_DEVICE_FAVORITES);
}

/** Favourites of a visitor who has not logged in; they move to the account at the next login. */
export const deviceFavoritesAtom = persistedAtom<number[]>('favorites', [], parseIds);
