// The steps after the bag, with the data step's checks: the buyer schema and the phone metadata they need are most of
// the bag route's code, and a bag opened empty (every first visit) or looked at without paying never uses them. The
// checkout page loads this module once the bag holds something.

import type { ComponentProps } from 'react';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import type { CheckoutStep } from '../atoms';
import type { CheckoutForm } from '../checkout-form';
import { checkDataStep } from '../checkout-validation';
import { DataStep } from './data-step';
import { PaymentStep } from './payment-step';
import { SummaryStep } from './summary-step';

/**
 * A step is only shown when the ones before it are complete: a checkout restored after logging out (the form is
 * purged) or edited in another tab goes back to the first step that lacks something.
 */
export function reachableStep(
  step: CheckoutStep,
  form: CheckoutForm,
  needsPrescription: boolean,
  country: CountryCode,
): CheckoutStep {
  if (step <= 2) return step;
  if (Object.keys(checkDataStep(form, COUNTRIES[country])).length > 0) return 2;
  if (step === 4 && (!form.paymentMethod || (needsPrescription && !form.prescription))) return 3;
  return step;
}

export type CheckoutStepViewProps =
  | ({ step: 2 } & ComponentProps<typeof DataStep>)
  | ({ step: 3 } & ComponentProps<typeof PaymentStep>)
  | ({ step: 4 } & ComponentProps<typeof SummaryStep>);

/** Data (2), payment (3) or summary (4). */
export function CheckoutStepView(props: CheckoutStepViewProps) {
  switch (props.step) {
    case 2:
      return <DataStep {...props} />;
    case 3:
      return <PaymentStep {...props} />;
    case 4:
      return <SummaryStep {...props} />;
  }
}
