import type { Services } from '../http/services';
import type { PaymentProviders } from '../payments/provider';
import type { OrderPointsHook } from './points-hook';

/** What checkout, orders and payments share: the account services plus the Points programme and the providers. */
export interface OrdersContext extends Pick<Services, 'db' | 'mailer' | 'logger' | 'uploads' | 'memberAnswers'> {
  pointsHook: OrderPointsHook;
  payments: PaymentProviders;
  /** The current time of payment windows; tests move it instead of waiting. */
  clock: () => Date;
  /** What else happens once an order is paid or released (re-purchase reminders); never undoes the payment. */
  onOrderPaid: (orderId: number) => Promise<void>;
}
