import { useSetAtom, useStore } from 'jotai';
import { cartForCountryAtom } from '../../features/cart/atoms';
import { addItem, cartItemFromProduct, isPrescriptionItem, removeItem } from '../../features/cart/cart-rules';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { MyPrescriptionDetailPage } from '../../features/prescriptions/components/my-prescription-detail-page';
import { MyPrescriptionsPage } from '../../features/prescriptions/components/my-prescriptions-page';
import { SectionGate } from '../../features/prescriptions/components/section-gate';
import type { AddPrescriptionToCart } from '../../features/prescriptions/purchase';
import { COUNTRIES } from '../../lib/shared/countries';
import { useCountry } from '../../lib/use-country';

/** `mi-cuenta/mis-prescripciones`: the patient's prescriptions and recommendations. */
export function MyPrescriptionsRoute() {
  return (
    <SectionGate section="mis-prescripciones">
      <MyPrescriptionsPage />
    </SectionGate>
  );
}

/** The detail, with 'Agregar todo a la bolsa' joined to this country's cart as prescription lines. */
export function MyPrescriptionDetailRoute() {
  const country = useCountry();
  const store = useStore();
  const setCheckoutStep = useSetAtom(checkoutStepAtom);

  const addAllToCart: AddPrescriptionToCart = (lines, context) => {
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
      // A line added freely before becomes the prescribed one: the prescribed quantity, locked (spec §4).
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
  };

  return (
    <SectionGate section="mis-prescripciones">
      <MyPrescriptionDetailPage onAddAllToCart={addAllToCart} onViewBag={() => setCheckoutStep(1)} />
    </SectionGate>
  );
}
