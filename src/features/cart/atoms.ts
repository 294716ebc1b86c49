import { atom, type Atom, type SetStateAction, type WritableAtom } from 'jotai';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../lib/shared/countries';
import { persistedAtom } from '../../lib/store';
import { cartUnitCount, EMPTY_CART, parseCartState, pruneForCountry, type CartState } from './cart-rules';

export { EMPTY_CART, type CartItem, type CartState } from './cart-rules';

/** One cart per country: a product sold in Mexico never shows up in the Colombian bag. */
type CartsState = Record<CountryCode, CartState>;

const CARTS_STORAGE_KEY = 'carts';

export const EMPTY_CARTS: CartsState = { co: EMPTY_CART, mx: EMPTY_CART, pe: EMPTY_CART };

/**
 * Repairs each country's cart on its own: a corrupt Mexican cart does not cost the Colombian one. Lines of another
 * country (non-points) are pruned on the way in.
 */
export function parseCarts(stored: unknown): CartsState | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const record = stored as Record<string, unknown>;
  let usable = false;
  const carts = { ...EMPTY_CARTS };
  for (const country of COUNTRY_CODES) {
    const cart = parseCartState(record[country]);
    if (!cart) continue;
    usable = true;
    carts[country] = pruneForCountry(cart, COUNTRIES[country].countryId);
  }
  return usable ? carts : undefined;
}

export const cartsAtom = persistedAtom<CartsState>(CARTS_STORAGE_KEY, EMPTY_CARTS, parseCarts);

type CartAtom = WritableAtom<CartState, [SetStateAction<CartState>], void>;

const cartAtoms = new Map<CountryCode, CartAtom>();
const countAtoms = new Map<CountryCode, Atom<number>>();

/**
 * The country's cart, read and written like a primitive atom (a value or an updater such as
 * `(cart) => addItem(cart, item)`). Every write drops lines of another country (product §4) and keeps the hormones
 * flag in step with the lines. The same atom is returned for the same country.
 */
export function cartForCountryAtom(country: CountryCode): CartAtom {
  let cartAtom = cartAtoms.get(country);
  if (!cartAtom) {
    const countryId = COUNTRIES[country].countryId;
    cartAtom = atom(
      (get) => get(cartsAtom)[country],
      (get, set, update: SetStateAction<CartState>) => {
        const carts = get(cartsAtom);
        const current = carts[country];
        const next = pruneForCountry(typeof update === 'function' ? update(current) : update, countryId);
        if (next !== current) set(cartsAtom, { ...carts, [country]: next });
      },
    );
    cartAtoms.set(country, cartAtom);
  }
  return cartAtom;
}

/** The header badge: units in the country's cart, not lines. */
export function cartCountForCountryAtom(country: CountryCode): Atom<number> {
  let countAtom = countAtoms.get(country);
  if (!countAtom) {
    const cart = cartForCountryAtom(country);
    countAtom = atom((get) => cartUnitCount(get(cart)));
    countAtoms.set(country, countAtom);
  }
  return countAtom;
}

/** Whether the side cart drawer is open; the header button, "add to cart" and the drawer itself change it. */
export const sideCartOpenAtom = atom(false);

/**
 * The drawer was opened on purpose, by the header's bag button: it takes the focus. Opened by 'Agregar a la bolsa'
 * it leaves the focus on the product, so it can close by itself and shopping goes on.
 */
export const sideCartTakesFocusAtom = atom(false);
