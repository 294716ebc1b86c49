import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
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
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { isPointsItem, type CartState } from '../../cart/cart-rules';
import { uploadCredentials } from '../../credentials/api';
import { usePointsAccess } from '../../points/use-points-access';
import { useCreateOrder } from '../api';
import { checkoutAtom, CHECKOUT_STEPS, type CheckoutStep } from '../atoms';
import { checkoutFormAtom } from '../form-atom';
import { EMPTY_CUSTOMER, type CheckoutForm, type PrescriptionUploadResult } from '../checkout-form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TitledSection } from '../../../components/ui/titled-section';

interface CheckoutPageProps {
  country: CountryCode;
  cart: CartState;
  /** Step 1, the bag, belongs to the cart. */
  renderBag: () => ReactNode;
}

type SessionUser = NonNullable<ReturnType<typeof useSession>>['user'];

/** The buyer's own data as the first guess for the checkout's personal data. */
function customerFromProfile(user: SessionUser, country: CountryCode): CheckoutForm['customer'] {
  const profile = user.personalInfo;
  const [firstName = '', ...secondNames] = profile.first_name.trim().split(/\s+/);
  const [firstLastName = '', ...secondLastNames] = profile.last_name.trim().split(/\s+/);
  return {
    firstName,
    secondName: secondNames.join(' '),
    firstLastName,
    secondLastName: secondLastNames.join(' '),
    typeID: profile.document_type_id,
    numberID: profile.document_number ?? '',
    countryCode: profile.country_code ?? COUNTRIES[country].dialCode,
    phoneNumber: profile.phone_number ?? '',
    email: user.email,
  };
}

const isBlankCustomer = (customer: CheckoutForm['customer']) =>
  Object.entries(customer).every(([key, value]) => value === EMPTY_CUSTOMER[key as keyof typeof EMPTY_CUSTOMER]);

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

const importSteps = () => import('./checkout-steps');
type CheckoutSteps = Awaited<ReturnType<typeof importSteps>>;

let loadedSteps: CheckoutSteps | undefined;
let loadingSteps: Promise<CheckoutSteps> | undefined;

function loadCheckoutSteps(): Promise<CheckoutSteps> {
  loadingSteps ??= importSteps().then(
    (steps) => (loadedSteps = steps),
    (error: unknown) => {
      // A later attempt (a reload, the connection back) tries again.
      loadingSteps = undefined;
      throw error;
    },
  );
  return loadingSteps;
}

/**
 * The data, payment and summary steps, loaded once the bag holds something (the next click may be 'Continuar'):
 * undefined until they are here. Code that cannot be loaded fails the route, whose screen offers to reload.
 */
function useCheckoutSteps(wanted: boolean): CheckoutSteps | undefined {
  const [steps, setSteps] = useState(loadedSteps);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (!wanted || steps) return;
    let current = true;
    loadCheckoutSteps().then(
      (loaded) => current && setSteps(loaded),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [wanted, steps]);
  if (failure) throw failure.error;
  return steps;
}

/** `/{c}/bolsa`: the four checkout steps (product §2, §4): bag, data, payment and summary. */
export function CheckoutPage({ country, cart, renderBag }: CheckoutPageProps) {
  const { t } = useLingui();
  const session = useSession(country);
  const viewer = useViewerKey();
  const [checkout, setCheckout] = useAtom(checkoutAtom);
  const [form, setForm] = useAtom(checkoutFormAtom);
  const placing = useCreateOrder(country);
  // After a success the page leaves for the payment: the button stays inert until it has.
  const paying = placing.isPending || placing.isSuccess;
  const payError = placing.error ? errorMessage(placing.error) : null;
  const prescriptionUpload = useIdempotencyKey();
  const user = session?.user ?? null;
  const pointsAccess = usePointsAccess();
  const empty = cart.cartItems.length === 0;
  const steps = useCheckoutSteps(!empty);
  const requestedStep = empty ? 1 : checkout.step;
  // Until the later steps' checks are here, the stored step stands; they may send it back (see `reachableStep`).
  const step = steps ? steps.reachableStep(requestedStep, form, cart.isHormonesAdded, country) : requestedStep;
  const online = useOnline();
  // Data, payment and summary all need the server (addresses, quotes, the order): offline they wait, kept.
  const waitingForConnection = !online && step > 1;
  const stepLabels = [t`Bolsa`, t`Datos`, t`Pago`, t`Resumen`];

  useEffect(() => {
    if (user && isBlankCustomer(form.customer)) {
      setForm((previous) => ({ ...previous, customer: customerFromProfile(user, country) }));
    }
  }, [user, form.customer, setForm, country]);

  function goTo(next: CheckoutStep) {
    placing.reset();
    // A payment attempt belongs to the summary it was made from: leaving it starts a new attempt.
    setForm((previous) => (previous.pendingSourceId ? { ...previous, pendingSourceId: null } : previous));
    setCheckout((previous) => ({ ...previous, step: next }));
    window.scrollTo({ top: 0 });
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
      setCheckout((previous) => ({
        ...previous,
        discounts: { role: quote.doctorDiscount, points: quote.pointsDiscount, code: quote.promoDiscount },
        infoCoupon: quote.coupon
          ? { code: quote.coupon.code, discountType: quote.coupon.discountType, id: quote.coupon.id }
          : null,
        productPoints: quote.productPoints,
      })),
    [setCheckout],
  );

  async function uploadPrescription(
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<PrescriptionUploadResult> {
    if (!user) throw new Error(t`Inicia sesión para adjuntar la fórmula.`);
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

  // The signed prescription kept offline reaches the server (now, or before this page opened): payment may go on.
  const pendingUpload = useOutboxItem(form.pendingPrescription?.key);
  useEffect(() => {
    if (pendingUpload?.state !== 'delivered' || !isCredentialsStatus(pendingUpload.response)) return;
    const documentId = latestPrescriptionDocument(pendingUpload.response);
    if (documentId === null) return;
    setForm((previous) =>
      previous.pendingPrescription?.key === pendingUpload.id
        ? {
            ...previous,
            prescription: { documentId, fileName: previous.pendingPrescription.fileName },
            pendingPrescription: null,
          }
        : previous,
    );
  }, [pendingUpload, setForm]);

  async function pay() {
    if (!form.paymentMethod) return;
    const sourceId = form.pendingSourceId ?? crypto.randomUUID();
    setForm((previous) => ({ ...previous, pendingSourceId: sourceId }));
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
        if (refused) setForm((previous) => ({ ...previous, pendingSourceId: null }));
        return null;
      });
    if (response) leaveTo(response.payment.redirectUrl);
  }

  return (
    <TitledSection id="checkout-title" title={<Trans>Bolsa de compras</Trans>} heading="h1" className="page checkout">
      {!empty && (
        <ol className="checkout__steps" aria-label={t`Pasos de la compra`}>
          {CHECKOUT_STEPS.map((name, index) => {
            const number = (index + 1) as CheckoutStep;
            return (
              <li
                key={name}
                className={number === step ? 'checkout__step checkout__step--current' : 'checkout__step'}
                aria-current={number === step ? 'step' : undefined}
              >
                <span className="checkout__step-number">{number}</span> {stepLabels[index]}
              </li>
            );
          })}
        </ol>
      )}

      {!online && !empty && (
        <div className="notice stack checkout__offline" role="status">
          <p>
            <strong>
              <Trans>Necesitas conexión para pagar</Trans>
            </strong>
          </p>
          <p>
            <Trans>
              Tu bolsa y tus datos quedan guardados en este dispositivo: cuando vuelvas a tener conexión podrás seguir
              con el pago donde lo dejaste.
            </Trans>
          </p>
          {step > 1 && (
            <div>
              <button type="button" className="button button--secondary" onClick={() => goTo(1)}>
                <Trans>Volver a la bolsa</Trans>
              </button>
            </div>
          )}
        </div>
      )}

      {step === 1 && (
        <>
          {renderBag()}
          {!empty && (
            <div className="checkout__actions">
              <Link to={`/${country}/herramientas`} className="button button--secondary">
                <Trans>Seguir comprando</Trans>
              </Link>
              <button type="button" className="button button--primary" onClick={() => goTo(2)}>
                <Trans>Continuar</Trans>
              </button>
            </div>
          )}
        </>
      )}

      {step > 1 && !user && (
        <div className="card stack checkout__login">
          <p>
            <Trans>Inicia sesión para continuar con tu compra. Tu bolsa te espera.</Trans>
          </p>
          <div className="checkout__actions">
            <button type="button" className="button button--secondary" onClick={() => goTo(1)}>
              <Trans>Volver a la bolsa</Trans>
            </button>
            <Link
              to={`/${country}/iniciar-sesion?volver=${encodeURIComponent(`/${country}/bolsa`)}`}
              className="button button--primary"
            >
              <Trans>Iniciar sesión</Trans>
            </Link>
          </div>
        </div>
      )}

      {step > 1 && user && !waitingForConnection && !steps && (
        <LoadingStatus>
          <Trans>Cargando…</Trans>
        </LoadingStatus>
      )}
      {step === 2 && user && !waitingForConnection && steps && (
        <steps.CheckoutStepView
          step={2}
          country={country}
          viewer={viewer}
          form={form}
          onChange={setForm}
          onBack={() => goTo(1)}
          onNext={() => goTo(3)}
        />
      )}
      {step === 3 && user && !waitingForConnection && steps && (
        <steps.CheckoutStepView
          step={3}
          form={form}
          onChange={setForm}
          needsPrescription={cart.isHormonesAdded}
          uploadPrescription={uploadPrescription}
          onBack={() => goTo(2)}
          onNext={() => goTo(4)}
        />
      )}
      {step === 4 && user && !waitingForConnection && steps && (
        <steps.CheckoutStepView
          step={4}
          country={country}
          viewer={viewer}
          form={form}
          request={request}
          onChange={setForm}
          onQuote={rememberQuote}
          onEdit={goTo}
          onBack={() => goTo(3)}
          onPay={() => void pay()}
          paying={paying}
          payError={payError}
          pointsOwner={pointsAccess.status === 'allowed' ? pointsAccess.userId : null}
          onDiscountPoints={(discountPoints) => setCheckout((previous) => ({ ...previous, discountPoints }))}
        />
      )}
    </TitledSection>
  );
}
