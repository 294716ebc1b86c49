import { useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../../lib/shared/orders';
import { ORDER_STATUS_LABELS, ORDER_STATUS_TONES } from '../order-labels';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`status status--${ORDER_STATUS_TONES[status]}`} data-testid="order-status">
      {i18n._(ORDER_STATUS_LABELS[status])}
    </span>
  );
}
