import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { COUNTRY_NAMES_BY_ID } from '../../../lib/shared/countries';
import type { OrderDto } from '../../../lib/shared/orders';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES, PRESCRIPTION_REVIEW_LABELS } from '../../orders/order-labels';
import { formatOrderAmount, orderCountry } from '../../orders/order-format';
import { formatCountryDate } from '../../../lib/dates';
import { HormonePrescriptionViewer } from './hormone-prescription-viewer';
import { ErrorAlert } from './outcome-messages';
import { prescriptionRejectionSchema } from '../../../lib/shared/admin-schemas';
import { RejectReasonForm } from './reject-reason-form';

interface HormoneOrderCardProps {
  order: OrderDto;
  busy: boolean;
  /** Server error of the last action on this order, in Spanish. */
  failure: string | null;
  onApprove: () => void;
  /** Resolves true when the rejection went through. */
  onReject: (reason: string) => Promise<boolean>;
}

/** One hormone order: buyer, country, dates, items, total, the prescription inline, and the decision. */
export function HormoneOrderCard({ order, busy, failure, onApprove, onReject }: HormoneOrderCardProps) {
  const { t, i18n } = useLingui();
  const [rejecting, setRejecting] = useState(false);
  const placedIn = orderCountry(order);
  const paidAt = order.paidAt ? formatCountryDate(order.paidAt, placedIn) : null;
  const createdAt = formatCountryDate(order.createdAt, placedIn) ?? '—';
  const pending = order.status === 'pending_prescription';

  async function confirmReject(reason: string) {
    if (await onReject(reason)) setRejecting(false);
  }

  return (
    <article className="card hormone-order" aria-label={order.number}>
      <header className="affiliate__header">
        <div>
          <h2 className="affiliate__name">{order.number}</h2>
          <p className="muted">
            {order.buyer.display_name} · {order.buyer.email}
          </p>
          <p className="muted">
            {COUNTRY_NAMES_BY_ID[order.countryId] ?? order.countryId} ·{' '}
            {paidAt ? t`Pagado el ${paidAt}` : t`Creado el ${createdAt}`}
          </p>
        </div>
        <span className={`status status--${ORDER_STATUS_TONES[order.status]}`} data-testid="hormone-order-status">
          {i18n._(ORDER_STATUS_LABELS[order.status])}
        </span>
      </header>

      <div className="hormone-order__body">
        <OrderPart title={<Trans>Productos</Trans>}>
          <ul className="plain-list hormone-order__items">
            {order.items.map((item, index) => (
              <li key={`${item.productId}-${index}`}>
                {item.name} × {item.quantity}
              </li>
            ))}
          </ul>
          <p className="hormone-order__total">
            <Trans>Total: {formatOrderAmount(order.total, order)}</Trans>
          </p>
          {order.prescription && order.prescription.status !== 'pending' && (
            <p className="muted">
              <Trans>Fórmula: {i18n._(PRESCRIPTION_REVIEW_LABELS[order.prescription.status])}</Trans>
              {order.prescription.reason && (
                <>
                  {' · '}
                  <Trans>Motivo: {order.prescription.reason}</Trans>
                </>
              )}
            </p>
          )}
        </OrderPart>
        <OrderPart title={<Trans>Fórmula médica</Trans>}>
          {order.prescription ? (
            <HormonePrescriptionViewer orderId={order.id} orderNumber={order.number} mime={order.prescription.mime} />
          ) : (
            <p className="muted">
              <Trans>Este pedido no tiene una fórmula cargada.</Trans>
            </p>
          )}
        </OrderPart>
      </div>

      <ErrorAlert message={failure} />

      {pending && !rejecting && (
        <div className="affiliate__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={onApprove}>
            <Trans>Aprobar</Trans>
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRejecting(true)}>
            <Trans>Rechazar</Trans>
          </button>
        </div>
      )}
      {pending && rejecting && (
        <RejectReasonForm
          schema={prescriptionRejectionSchema}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) => void confirmReject(reason)}
        />
      )}
    </article>
  );
}

/** One column of the card's body under its own heading. */
function OrderPart({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h3 className="hormone-order__subtitle">{title}</h3>
      {children}
    </div>
  );
}
