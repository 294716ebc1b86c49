import { atom } from 'jotai';
import type { CountryCode } from '../../lib/shared/countries';
import { cartsAtom } from './atoms';
import { carryPointsItems } from './cart-rules';

/** Moves the points lines of one country's cart into another's when the buyer switches country (product §4). */
export const carryPointsItemsAtom = atom(null, (get, set, { from, to }: { from: CountryCode; to: CountryCode }) => {
  if (from === to) return;
  const carts = get(cartsAtom);
  const moved = carryPointsItems(carts[from], carts[to]);
  if (moved.from === carts[from]) return;
  set(cartsAtom, { ...carts, [from]: moved.from, [to]: moved.to });
});
