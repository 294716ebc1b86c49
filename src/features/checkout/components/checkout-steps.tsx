// The steps after the bag and what they do (the order, its payment, the signed prescription's upload), with the data
// step's checks: the buyer schema, the phone metadata and the order's machinery are most of the bag route's code, and
// a bag opened empty (every first visit) or looked at without paying never uses them. The checkout page loads this
// module once the bag holds something.

import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, type ComponentProps } from 'react';
import { ApiError, errorMessage } from '../../../lib/http';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { leaveTo } from '../../../lib/navigation';
import { useOutboxItem } from '../../../lib/outbox';
import type { CredentialsStatusDto } from '../../../lib/shared/accounts';
import { isQueuedAnswer } from '../../../lib/shared/outbox';
import { isRecord } from '../../../lib/shared/records';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE, type QuoteDto, type QuoteRequestDto } from '../../../lib/shared/orders';
import { phoneDigits } from '../../../lib/shared/phone-digits';
import type { SessionUser } from '../../../lib/session/atoms';
import { isPointsItem, type CartState } from '../../cart/cart-rules';
import { uploadCredentials } from '../../credentials/api';
import { usePointsAccess } from '../../points/use-points-access';
import { useCreateOrder } from '../api';
import type { CheckoutState, CheckoutStep } from '../atoms';
import type { CheckoutForm, PrescriptionUploadResult } from '../checkout-form';
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

/** The newest signed prescription of an upload's answer (the credentials status lists every document). */
function latestPrescriptionDocument(status: CredentialsStatusDto): number | null {
  const entry = status.history
    .filter((candidate) => candidate.documentType === HORMONE_PRESCRIPTION_DOCUMENT_TYPE)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
  return entry?.id ?? null;
}

function isCredentialsStatus(value: unknown): value is CredentialsStatusDto {
  return isRecord(value) && Array.isArray(value.history);
}

interface CheckoutFlowProps {
  /** The step shown; the bag (1) is the page's own. */
  step: CheckoutStep;
  country: CountryCode;
  viewer: string;
  user: SessionUser;
  cart: CartState;
  form: CheckoutForm;
  onFormChange: (update: (previous: CheckoutForm) => CheckoutForm) => void;
  checkout: CheckoutState;
  onCheckoutChange: (update: (previous: CheckoutState) => CheckoutState) => void;
  goTo: (step: CheckoutStep) => void;
}

/**
 * Data, payment and summary with what they do: the signed prescription's upload (queued offline), the quote's
 * discounts, the order and the way to its payment. Mounted for all three steps, so an order being placed survives a
 * step's re-render; leaving for another step clears its outcome.
 */
export function CheckoutFlow(props: CheckoutFlowProps) {
  const { step, country, viewer, user, cart, form, onFormChange, checkout, onCheckoutChange } = props;
  const { t } = useLingui();
  const placing = useCreateOrder(country);
  // After a success the page leaves for the payment: the button stays inert until it has.
  const paying = placing.isPending || placing.isSuccess;
  const payError = placing.error ? errorMessage(placing.error) : null;
  const prescriptionUpload = useIdempotencyKey();
  const pointsAccess = usePointsAccess();

  function goTo(next: CheckoutStep) {
    placing.reset();
    props.goTo(next);
  }

  const request: QuoteRequestDto = {
    countryId: COUNTRIES[country].countryId,
    items: cart.cartItems
      .filter((item) => !isPointsItem(item))
      .map((item) => ({ productId: item.id, quantity: item.quantity })),
    pointItems: cart.cartItems.filter(isPointsItem).map((item) => ({ productId: item.id, quantity: item.quantity })),
    promoCode: form.promoCode || null,
    discountPoints: checkout.discountPoints,
  };

  const rememberQuote = useCallback(
    (quote: QuoteDto) =>
      onCheckoutChange((previous) => ({
        ...previous,
        discounts: { role: quote.doctorDiscount, points: quote.pointsDiscount, code: quote.promoDiscount },
        infoCoupon: quote.coupon
          ? { code: quote.coupon.code, discountType: quote.coupon.discountType, id: quote.coupon.id }
          : null,
        productPoints: quote.productPoints,
      })),
    [onCheckoutChange],
  );

  async function uploadPrescription(
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<PrescriptionUploadResult> {
    const fields = {
      userId: user.id,
      documentType: HORMONE_PRESCRIPTION_DOCUMENT_TYPE,
      contactNumber: phoneDigits(form.customer.phoneNumber) || (user.personalInfo.phone_number ?? ''),
      countryCode: form.customer.countryCode || COUNTRIES[country].dialCode,
    };
    // A retry of the same file (a lost answer on a poor connection) stores the prescription once.
    const idempotencyKey = prescriptionUpload.current({ ...fields, file: [file.name, file.size, file.lastModified] });
    const answer = await uploadCredentials(
      country,
      {
        ...fields,
        files: [file],
        idempotencyKey,
        outbox: { kind: 'signed-prescription', author: user.uid, label: file.name },
      },
      onProgress,
    );
    prescriptionUpload.renew();
    if (isQueuedAnswer(answer)) return { key: answer.id, fileName: file.name };
    const documentId = latestPrescriptionDocument(answer);
    if (documentId === null) throw new Error(t`No se pudo registrar la fórmula. Intenta de nuevo.`);
    return { documentId, fileName: file.name };
  }

  // The signed prescription kept offline reaches the server (now, or before these steps opened): payment may go on.
  const pendingUpload = useOutboxItem(form.pendingPrescription?.key);
  useEffect(() => {
    if (pendingUpload?.state !== 'delivered' || !isCredentialsStatus(pendingUpload.response)) return;
    const documentId = latestPrescriptionDocument(pendingUpload.response);
    if (documentId === null) return;
    onFormChange((previous) =>
      previous.pendingPrescription?.key === pendingUpload.id
        ? {
            ...previous,
            prescription: { documentId, fileName: previous.pendingPrescription.fileName },
            pendingPrescription: null,
          }
        : previous,
    );
  }, [pendingUpload, onFormChange]);

  async function pay() {
    if (!form.paymentMethod) return;
    const sourceId = form.pendingSourceId ?? crypto.randomUUID();
    onFormChange((previous) => ({ ...previous, pendingSourceId: sourceId }));
    // A failure is shown from `placing.error`.
    const response = await placing
      .mutateAsync({
        ...request,
        sourceId,
        customer: { ...form.customer, countryCode: form.customer.countryCode || COUNTRIES[country].dialCode },
        bill: form.bill,
        address: form.address,
        saveAddress: form.saveAddress && form.addressId === null,
        paymentMethod: form.paymentMethod,
        prescriptionDocumentId: form.prescription?.documentId ?? null,
      })
      .catch((error: unknown) => {
        // The server refused this order (no stock, bad data): the next attempt is a new one. After a network
        // failure or a timeout the order may exist, so the key stays for the retry.
        const refused = error instanceof ApiError && error.kind === 'http' && (error.status ?? 500) < 500;
        if (refused) onFormChange((previous) => ({ ...previous, pendingSourceId: null }));
        return null;
      });
    if (response) leaveTo(response.payment.redirectUrl);
  }

  switch (step) {
    case 1:
      return null;
    case 2:
      return (
        <CheckoutStepView
          step={2}
          country={country}
          viewer={viewer}
          form={form}
          onChange={onFormChange}
          onBack={() => goTo(1)}
          onNext={() => goTo(3)}
        />
      );
    case 3:
      return (
        <CheckoutStepView
          step={3}
          form={form}
          onChange={onFormChange}
          needsPrescription={cart.isHormonesAdded}
          uploadPrescription={uploadPrescription}
          onBack={() => goTo(2)}
          onNext={() => goTo(4)}
        />
      );
    case 4:
      return (
        <CheckoutStepView
          step={4}
          country={country}
          viewer={viewer}
          form={form}
          request={request}
          onChange={onFormChange}
          onQuote={rememberQuote}
          onEdit={goTo}
          onBack={() => goTo(3)}
          onPay={() => void pay()}
          paying={paying}
          payError={payError}
          pointsOwner={pointsAccess.status === 'allowed' ? pointsAccess.userId : null}
          onDiscountPoints={(discountPoints) => onCheckoutChange((previous) => ({ ...previous, discountPoints }))}
        />
      );
  }
}
