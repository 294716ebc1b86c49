import { useSetAtom } from 'jotai';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { MyPrescriptionDetailPage } from '../../features/prescriptions/components/my-prescription-detail-page';
import { MyPrescriptionsPage } from '../../features/prescriptions/components/my-prescriptions-page';
import { SectionGate } from '../../features/prescriptions/components/section-gate';
import { useCountry } from '../../lib/use-country';
import { usePrescriptionCart } from './use-prescription-cart';

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
  const addAllToCart = usePrescriptionCart(country);
  const setCheckoutStep = useSetAtom(checkoutStepAtom);

  return (
    <SectionGate section="mis-prescripciones">
      <MyPrescriptionDetailPage onAddAllToCart={addAllToCart} onViewBag={() => setCheckoutStep(1)} />
    </SectionGate>
  );
}
