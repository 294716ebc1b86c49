import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DataAge } from '../../../components/ui/data-age';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ApiError, errorMessage } from '../../../lib/http';
import { DOCUMENT_TYPES } from '../../../lib/shared/accounts';
import type { CountryCode } from '../../../lib/shared/countries';
import type { OrderAddressDto, OrderDto } from '../../../lib/shared/orders';
import { useCountry } from '../../../lib/use-country';
import { useOnline } from '../../../lib/use-online';
import { useViewerKey } from '../../auth/use-viewer-key';
import { orderQueries, parseOrderId } from '../api';
import type { BuyAgainCartResult, BuyAgainLine } from '../buy-again';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
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
  const online = useOnline();
  const orderId = parseOrderId(useParams().orderId);
  const query = useQuery({ ...orderQueries.detail(country, viewer, orderId ?? 0), enabled: orderId !== null });
  const back = (
    <Link to={`/${country}/mi-cuenta/mis-pedidos`} className="button button--ghost orders__back">
      <Trans>Volver a mis pedidos</Trans>
    </Link>
  );

  const missing = orderId === null || (query.error instanceof ApiError && query.error.status === 404);
  if (missing) {
    return (
      <section className="stack" aria-labelledby="order-missing-title">
        <h1 id="order-missing-title">
          <Trans>Pedido no encontrado</Trans>
        </h1>
        <p>
          <Trans>No encontramos este pedido entre los tuyos. Revisa el enlace o búscalo en tu lista de pedidos.</Trans>
        </p>
        {back}
      </section>
    );
  }
  if (query.isError && !query.data) {
    return (
      <section className="stack" aria-labelledby="order-error-title">
        <h1 id="order-error-title">
          <Trans>No pudimos cargar el pedido</Trans>
        </h1>
        <RetryAlert
          message={errorMessage(query.error)}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        {back}
      </section>
    );
  }
  if (query.isPending) {
    return (
      <p className="muted" role="status">
        <Trans>Cargando pedido…</Trans>
      </p>
    );
  }
  return (
    <>
      {(!online || query.isError) && <DataAge updatedAt={query.dataUpdatedAt} />}
      {query.isError && (
        // A copy kept on the device is still worth showing when it cannot be refreshed (offline).
        <RetryAlert
          message={t`No pudimos actualizar este pedido: ${errorMessage(query.error)}`}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      )}
      <OrderDetail order={query.data} country={country} back={back} onBuyAgain={onBuyAgain} onViewBag={onViewBag} />
    </>
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

      <section className="card" aria-labelledby="order-history-title">
        <h2 id="order-history-title">
          <Trans>Historial del pedido</Trans>
        </h2>
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
      </section>

      <section className="card" aria-labelledby="order-items-title">
        <h2 id="order-items-title">
          <Trans>Productos</Trans>
        </h2>
        <OrderItems order={order} country={country} />
        <OrderAmounts order={order} />
      </section>

      {order.requiresPrescription && (
        <section className="card" aria-labelledby="order-prescription-title">
          <h2 id="order-prescription-title">
            <Trans>Fórmula médica</Trans>
          </h2>
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
        </section>
      )}

      <div className="order-detail__grid">
        <section className="card" aria-labelledby="order-shipping-title">
          <h2 id="order-shipping-title">
            <Trans>Dirección de envío</Trans>
          </h2>
          <Address address={order.shipping} />
        </section>

        <section className="card" aria-labelledby="order-customer-title">
          <h2 id="order-customer-title">
            <Trans>Datos del comprador</Trans>
          </h2>
          <dl className="order-detail__facts">
            <div>
              <dt>{t`Nombre`}</dt>
              <dd>{customerName || '—'}</dd>
            </div>
            <div>
              <dt>{t`Documento`}</dt>
              <dd>{`${documentType} ${customer.numberID}`.trim() || '—'}</dd>
            </div>
            <div>
              <dt>{t`Teléfono`}</dt>
              <dd>{`${customer.countryCode} ${customer.phoneNumber}`.trim() || '—'}</dd>
            </div>
            <div>
              <dt>{t`Correo electrónico`}</dt>
              <dd>{customer.email || '—'}</dd>
            </div>
          </dl>
        </section>

        <section className="card" aria-labelledby="order-bill-title">
          <h2 id="order-bill-title">
            <Trans>Facturación</Trans>
          </h2>
          <dl className="order-detail__facts">
            <div>
              <dt>{t`Tipo de contribuyente`}</dt>
              <dd>{bill.typeContributor ? i18n._(TAXPAYER_LABELS[bill.typeContributor]) : '—'}</dd>
            </div>
            <div>
              <dt>{t`Documento de facturación`}</dt>
              <dd>{`${bill.typeID} ${bill.numberID}`.trim() || '—'}</dd>
            </div>
          </dl>
        </section>

        <section className="card" aria-labelledby="order-payment-title">
          <h2 id="order-payment-title">
            <Trans>Pago</Trans>
          </h2>
          <dl className="order-detail__facts">
            <div>
              <dt>{t`Medio de pago`}</dt>
              <dd>
                {methodLabel}
                {card && ` · ${card}`}
              </dd>
            </div>
            <div>
              <dt>{t`Estado del pago`}</dt>
              <dd>{i18n._(PAYMENT_STATUS_LABELS[payment.status])}</dd>
            </div>
            <div>
              <dt>{t`Fecha de pago`}</dt>
              <dd>{date(payment.paidAt ?? order.paidAt)}</dd>
            </div>
          </dl>
        </section>
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
