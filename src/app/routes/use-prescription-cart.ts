import { useStore } from 'jotai';
import { useCallback } from 'react';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { addItem, cartItemFromProduct, isPrescriptionItem, removeItem } from '../../features/cart/cart-rules';
import type { AddPrescriptionToCart } from '../../features/prescriptions/purchase';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';

/**
 * A prescription's products into this country's cart as prescription lines: 'Agregar todo a la bolsa' of my
 * prescriptions, and the bag opened from a re-purchase reminder.
 */
export function usePrescriptionCart(country: CountryCode): AddPrescriptionToCart {
  const store = useStore();
  return useCallback<AddPrescriptionToCart>(
    (lines, context) => {
      const cartAtom = cartForCountryAtom(country);
      const countryId = COUNTRIES[country].countryId;
      let cart = store.get(cartAtom);
      const added: number[] = [];
      const unchanged: number[] = [];
      for (const { product, quantity, momentsDay } of lines) {
        const existing = cart.cartItems.find((line) => line.id === product.id);
        if (existing && isPrescriptionItem(existing)) {
          // Already there as prescribed: its quantity is locked and stays.
          unchanged.push(product.id);
          continue;
        }
        // A line added freely before becomes the prescribed one: the prescribed quantity, locked (product §4).
        if (existing) cart = removeItem(cart, product.id);
        cart = addItem(cart, { ...cartItemFromProduct(product, countryId), momentsDay }, quantity);
        added.push(product.id);
      }
      store.set(cartAtom, {
        ...cart,
        prescription: { id: context.prescriptionId, type: context.type },
        prescriptionContext: context,
      });
      return { added, unchanged };
    },
    [country, store],
  );
}
