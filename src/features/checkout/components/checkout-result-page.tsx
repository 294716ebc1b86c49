import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { formatPrice } from '../../../lib/money';
import { formatCountryDate } from '../../../lib/dates';
import type { CountryCode } from '../../../lib/shared/countries';
import type { OrderDto, OrderStatus } from '../../../lib/shared/orders';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { useRefreshPoints } from '../../points/api';
import { checkoutQueries } from '../api';
import { checkoutAtom, INITIAL_CHECKOUT } from '../atoms';
import { checkoutFormAtom } from '../form-atom';
import { PAYMENT_METHOD_LABELS } from '../../../lib/shared/payment-labels';
import { TitledSection } from '../../../components/ui/titled-section';

/** While the provider's answer has not reached the order, look again this often. */
const PENDING_POLL_MS = 2_000;

const SUCCESSFUL: readonly OrderStatus[] = ['paid', 'pending_prescription', 'released', 'awaiting_transfer'];

interface CheckoutResultPageProps {
  country: CountryCode;
  /** Empties the country's bag once its order is paid or registered. */
  onOrderPlaced: () => void;
}

/** `/{c}/bolsa/resultado/{sourceId}`: where the payment page sends the buyer back (product §2, §8). */
export function CheckoutResultPage({ country, onOrderPlaced }: CheckoutResultPageProps) {
  const { t } = useLingui();
  const { sourceId = '' } = useParams();
  const viewer = useViewerKey();
  const navigate = useNavigate();
  const [form, setForm] = useAtom(checkoutFormAtom);
  const setCheckout = useSetAtom(checkoutAtom);
  const refreshPoints = useRefreshPoints(country);
  const query = useQuery({
    ...checkoutQueries.bySource(country, viewer, sourceId),
    refetchInterval: (current) => (current.state.data?.status === 'pending_payment' ? PENDING_POLL_MS : false),
  });
  const order = query.data;
  const placed = order !== undefined && SUCCESSFUL.includes(order.status);
  // Only the attempt this checkout started empties the bag: opening an old result later must not.
  const isCurrentAttempt = form.pendingSourceId === sourceId;

  useEffect(() => {
    if (!placed || !isCurrentAttempt) return;
    onOrderPlaced();
    // The order spent or earned points: the balance shown elsewhere is out of date.
    void refreshPoints();
    setCheckout(INITIAL_CHECKOUT);
    setForm((previous) => ({ ...previous, pendingSourceId: null, prescription: null, promoCode: '' }));
  }, [placed, isCurrentAttempt, onOrderPlaced, setCheckout, setForm, refreshPoints]);

  function verifyData() {
    setForm((previous) => ({ ...previous, pendingSourceId: null }));
    setCheckout((previous) => ({ ...previous, step: 2 }));
    void navigate(`/${country}/bolsa`);
  }

  if (query.isPending) {
    return (
      <p className="page muted" role="status">
        <Trans>Consultando el estado de tu pago…</Trans>
      </p>
    );
  }
  if (query.isError) {
    return (
      <section className="page checkout-result" role="alert">
        <h1>
          <Trans>No encontramos tu pedido</Trans>
        </h1>
        <p>{errorMessage(query.error)}</p>
        <Link to={`/${country}/mi-cuenta/mis-pedidos`} className="button button--primary">
          <Trans>Ver mis pedidos</Trans>
        </Link>
      </section>
    );
  }

  const data = query.data;
  if (data.status === 'payment_rejected' || data.status === 'cancelled') {
    return (
      <TitledSection
        id="result-title"
        title={<Trans>Pago rechazado</Trans>}
        heading="h1"
        className="page checkout-result checkout-result--rejected"
      >
        <p>
          <Trans>No pudimos verificar los datos de tu pago. Revisa tus datos e inténtalo de nuevo.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={verifyData}>
          <Trans>Verificar datos</Trans>
        </button>
      </TitledSection>
    );
  }
  if (data.status === 'pending_payment') {
    return (
      <section className="page checkout-result" aria-labelledby="result-title" aria-busy="true">
        <h1 id="result-title">
          <Trans>Estamos confirmando tu pago</Trans>
        </h1>
        <p role="status">
          <Trans>Esto tarda unos segundos. No cierres esta página.</Trans>
        </p>
      </section>
    );
  }
  return (
    <OrderPlaced
      order={data}
      country={country}
      title={data.status === 'awaiting_transfer' ? t`Pedido registrado` : t`Pago exitoso`}
    />
  );
}

function OrderPlaced({ order, country, title }: { order: OrderDto; country: CountryCode; title: string }) {
  const { t, i18n } = useLingui();
  const date = formatCountryDate(order.paidAt ?? order.createdAt, country, true);
  return (
    <TitledSection
      id="result-title"
      title={title}
      heading="h1"
      className="page checkout-result checkout-result--success"
    >
      <dl className="data-list">
        <div>
          <dt>{order.status === 'awaiting_transfer' ? t`Total a pagar` : t`Total pagado`}</dt>
          <dd data-testid="result-total">{formatPrice(order.total, country)}</dd>
        </div>
        <div>
          <dt>{t`Fecha`}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>{t`Medio de pago`}</dt>
          <dd>
            {i18n._(PAYMENT_METHOD_LABELS[order.payment.method])}
            {order.payment.last4 && ` •••• ${order.payment.last4}`}
          </dd>
        </div>
        <div>
          <dt>{t`Número de pedido`}</dt>
          <dd data-testid="result-order-number">{order.number}</dd>
        </div>
      </dl>
      {order.status === 'awaiting_transfer' ? (
        <p>
          <Trans>
            Confirmaremos tu pedido cuando recibamos la transferencia. Te enviamos las instrucciones por correo
            electrónico.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>Te enviamos el comprobante de pago por correo electrónico.</Trans>
        </p>
      )}
      {order.status === 'pending_prescription' && (
        <p className="notice">
          <Trans>Validaremos tu fórmula médica antes del despacho y te avisaremos por correo.</Trans>
        </p>
      )}
      <div className="checkout__actions">
        <Link to={`/${country}/mi-cuenta/mis-pedidos/${order.id}`} className="button button--secondary">
          <Trans>Ver detalle del pedido</Trans>
        </Link>
        <Link to={`/${country}/herramientas`} className="button button--primary">
          <Trans>Seguir comprando</Trans>
        </Link>
      </div>
    </TitledSection>
  );
}
