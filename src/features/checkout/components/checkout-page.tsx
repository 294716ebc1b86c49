import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { useOnline } from '../../../lib/use-online';
import type { SessionUser } from '../../../lib/session/atoms';
import { useSession } from '../../../lib/session/use-session';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import type { CartState } from '../../cart/cart-rules';
import { checkoutAtom, CHECKOUT_STEPS, type CheckoutStep } from '../atoms';
import { checkoutFormAtom } from '../form-atom';
import { EMPTY_CUSTOMER, type CheckoutForm } from '../checkout-form';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TitledSection } from '../../../components/ui/titled-section';

interface CheckoutPageProps {
  country: CountryCode;
  cart: CartState;
  /** Step 1, the bag, belongs to the cart. */
  renderBag: () => ReactNode;
}

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

/**
 * The data, payment and summary steps, loaded once the bag holds something (the next click may be 'Continuar').
 */
const checkoutSteps = lazyModule(() => import('./checkout-steps'));

/** `/{c}/bolsa`: the four checkout steps (product §2, §4): bag, data, payment and summary. */
export function CheckoutPage({ country, cart, renderBag }: CheckoutPageProps) {
  const { t } = useLingui();
  const session = useSession(country);
  const viewer = useViewerKey();
  const [checkout, setCheckout] = useAtom(checkoutAtom);
  const [form, setForm] = useAtom(checkoutFormAtom);
  const user = session?.user ?? null;
  const empty = cart.cartItems.length === 0;
  const steps = useLazyModule(checkoutSteps, !empty);
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
    // A payment attempt belongs to the summary it was made from: leaving it starts a new attempt.
    setForm((previous) => (previous.pendingSourceId ? { ...previous, pendingSourceId: null } : previous));
    setCheckout((previous) => ({ ...previous, step: next }));
    window.scrollTo({ top: 0 });
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
      {step > 1 && user && !waitingForConnection && steps && (
        <steps.CheckoutFlow
          step={step}
          country={country}
          viewer={viewer}
          user={user}
          cart={cart}
          form={form}
          onFormChange={setForm}
          checkout={checkout}
          onCheckoutChange={setCheckout}
          goTo={goTo}
        />
      )}
    </TitledSection>
  );
}
