import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DataList } from '../../../components/ui/data-list';
import { DetailStates } from '../../../components/ui/detail-states';
import { KeptCopyNotices } from '../../../components/ui/kept-copy-notices';
import { TitledSection } from '../../../components/ui/titled-section';
import { ApiError } from '../../../lib/http';
import { DOCUMENT_TYPES } from '../../../lib/shared/accounts';
import type { CountryCode } from '../../../lib/shared/countries';
import type { OrderAddressDto, OrderDto } from '../../../lib/shared/orders';
import { PAYMENT_METHOD_LABELS } from '../../../lib/shared/payment-labels';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { orderQueries, parseOrderId } from '../api';
import type { BuyAgainCartResult, BuyAgainLine } from '../buy-again';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  PRESCRIPTION_REVIEW_LABELS,
  PRESCRIPTION_REVIEW_TONES,
  TAXPAYER_LABELS,
} from '../order-labels';
import { orderCountry } from '../order-format';
import { formatCountryDate } from '../../../lib/dates';
import { useBuyAgain } from '../use-buy-again';
import { BuyAgainNotice } from './buy-again-notice';
import { OrderAmounts } from './order-amounts';
import { OrderItems } from './order-items';
import { OrderStatusBadge } from './order-status-badge';

interface OrderDetailPageProps {
  /**
   * Puts re-bought products in this country's cart under the cart's rules and says which ids it left unchanged.
   * The app wires it: the cart's state is not this feature's.
   */
  onBuyAgain: (lines: BuyAgainLine[]) => BuyAgainCartResult;
  /** 'Ver bolsa' after re-buying (the app resets the checkout to its first step). */
  onViewBag: () => void;
}

/** `mi-cuenta/mis-pedidos/:orderId`: everything about one order, and 'Comprar de nuevo'. */
export function OrderDetailPage({ onBuyAgain, onViewBag }: OrderDetailPageProps) {
  const { t } = useLingui();
  const country = useCountry();
  const viewer = useViewerKey();
  const orderId = parseOrderId(useParams().orderId);
  const query = useQuery({ ...orderQueries.detail(country, viewer, orderId ?? 0), enabled: orderId !== null });
  const back = (
    <Link to={`/${country}/mi-cuenta/mis-pedidos`} className="button button--ghost orders__back">
      <Trans>Volver a mis pedidos</Trans>
    </Link>
  );

  return (
    <DetailStates
      query={query}
      missing={orderId === null || (query.error instanceof ApiError && query.error.status === 404)}
      idPrefix="order"
      missingTitle={<Trans>Pedido no encontrado</Trans>}
      missingText={
        <Trans>No encontramos este pedido entre los tuyos. Revisa el enlace o búscalo en tu lista de pedidos.</Trans>
      }
      errorTitle={<Trans>No pudimos cargar el pedido</Trans>}
      loading={<Trans>Cargando pedido…</Trans>}
      back={back}
    >
      {(order) => (
        <>
          {/* A copy kept on the device is still worth showing when it cannot be refreshed (offline). */}
          <KeptCopyNotices
            query={query}
            refreshFailed={(failure) => t`No pudimos actualizar este pedido: ${failure}`}
          />
          <OrderDetail order={order} country={country} back={back} onBuyAgain={onBuyAgain} onViewBag={onViewBag} />
        </>
      )}
    </DetailStates>
  );
}

function OrderDetail({
  order,
  country,
  back,
  onBuyAgain,
  onViewBag,
}: OrderDetailPageProps & { order: OrderDto; country: CountryCode; back: ReactNode }) {
  const { t, i18n } = useLingui();
  const { state, buyAgain } = useBuyAgain(country, onBuyAgain);
  const placedIn = orderCountry(order);
  const date = (iso: string | null, withTime = false) => (iso && formatCountryDate(iso, placedIn, withTime)) ?? '—';
  const number = order.number;
  const { customer, bill, payment, prescription } = order;
  const customerName = [customer.firstName, customer.secondName, customer.firstLastName, customer.secondLastName]
    .filter(Boolean)
    .join(' ');
  const documentType = DOCUMENT_TYPES.find((type) => type.id === customer.typeID)?.code ?? '';
  const methodLabel = i18n._(PAYMENT_METHOD_LABELS[payment.method]);
  // The brand repeats the method for card payments ('Visa'); show it only when it adds something.
  const brand = payment.brand && payment.brand.toLowerCase() !== methodLabel.toLowerCase() ? payment.brand : '';
  const card = payment.last4 ? `${brand} •••• ${payment.last4}`.trim() : null;

  return (
    <article className="stack order-detail" aria-labelledby="order-title">
      {back}
      <header className="order-detail__header">
        <div>
          <h1 id="order-title">
            <Trans>Pedido {number}</Trans>
          </h1>
          <p className="muted">
            <Trans>Realizado el {date(order.createdAt)}</Trans>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <div className="order-detail__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={state.phase === 'working' || order.items.length === 0}
          onClick={() => void buyAgain(order)}
        >
          <Trans>Comprar de nuevo</Trans>
        </button>
      </div>
      <BuyAgainNotice state={state} country={country} onViewBag={onViewBag} />

      <TitledSection id="order-history-title" title={<Trans>Historial del pedido</Trans>} className="card">
        <ol className="order-timeline">
          {order.statusHistory.map((change, index) => (
            <li key={`${change.status}-${change.at}-${index}`} className="order-timeline__step">
              <strong>{i18n._(ORDER_STATUS_LABELS[change.status])}</strong>
              <span className="muted">
                {' · '}
                <time dateTime={change.at}>{date(change.at, true)}</time>
              </span>
              {change.note && <p className="order-timeline__note">{change.note}</p>}
            </li>
          ))}
        </ol>
      </TitledSection>

      <TitledSection id="order-items-title" title={<Trans>Productos</Trans>} className="card">
        <OrderItems order={order} country={country} />
        <OrderAmounts order={order} />
      </TitledSection>

      {order.requiresPrescription && (
        <TitledSection id="order-prescription-title" title={<Trans>Fórmula médica</Trans>} className="card">
          {prescription ? (
            <>
              <p>
                <span className={`status status--${PRESCRIPTION_REVIEW_TONES[prescription.status]}`}>
                  {i18n._(PRESCRIPTION_REVIEW_LABELS[prescription.status])}
                </span>
                {prescription.reviewedAt && (
                  <span className="muted">
                    {' · '}
                    <Trans>Revisada el {date(prescription.reviewedAt)}</Trans>
                  </span>
                )}
              </p>
              {prescription.status === 'pending' && (
                <p className="muted">
                  <Trans>Validamos tu fórmula antes de despachar las hormonas.</Trans>
                </p>
              )}
              {prescription.reason && (
                <p>
                  <Trans>Motivo: {prescription.reason}</Trans>
                </p>
              )}
            </>
          ) : (
            <p className="muted">
              <Trans>Este pedido no tiene una fórmula cargada.</Trans>
            </p>
          )}
        </TitledSection>
      )}

      <div className="order-detail__grid">
        <TitledSection id="order-shipping-title" title={<Trans>Dirección de envío</Trans>} className="card">
          <Address address={order.shipping} />
        </TitledSection>

        <TitledSection id="order-customer-title" title={<Trans>Datos del comprador</Trans>} className="card">
          <DataList
            className="order-detail__facts"
            rows={[
              [t`Nombre`, customerName],
              [t`Documento`, `${documentType} ${customer.numberID}`.trim()],
              [t`Teléfono`, `${customer.countryCode} ${customer.phoneNumber}`.trim()],
              [t`Correo electrónico`, customer.email],
            ]}
          />
        </TitledSection>

        <TitledSection id="order-bill-title" title={<Trans>Facturación</Trans>} className="card">
          <DataList
            className="order-detail__facts"
            rows={[
              [t`Tipo de contribuyente`, bill.typeContributor && i18n._(TAXPAYER_LABELS[bill.typeContributor])],
              [t`Documento de facturación`, `${bill.typeID} ${bill.numberID}`.trim()],
            ]}
          />
        </TitledSection>

        <TitledSection id="order-payment-title" title={<Trans>Pago</Trans>} className="card">
          <DataList
            className="order-detail__facts"
            rows={[
              [
                t`Medio de pago`,
                <>
                  {methodLabel}
                  {card && ` · ${card}`}
                </>,
              ],
              [t`Estado del pago`, i18n._(PAYMENT_STATUS_LABELS[payment.status])],
              [t`Fecha de pago`, date(payment.paidAt ?? order.paidAt)],
            ]}
          />
        </TitledSection>
      </div>
    </article>
  );
}

function Address({ address }: { address: OrderAddressDto }) {
  const { t } = useLingui();
  const place = [address.city, address.state].filter(Boolean).join(', ');
  return (
    <address className="order-detail__address">
      {address.address_1 && <span>{address.address_1}</span>}
      {address.address_2 && <span>{address.address_2}</span>}
      {place && <span>{place}</span>}
      {address.postal_code && <span>{t`Código postal ${address.postal_code}`}</span>}
    </address>
  );
}
