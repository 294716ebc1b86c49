// The payment methods' names (product §9), one table for the checkout, the orders and the server's receipts and
// sandbox page (see ./labels). Only members' screens show them: lingui.config.ts gives this file to the members'
// catalogue.

import type { Label } from './labels';
import type { PaymentMethod } from './orders';

/** The bank transfer service and the card brands; brand names are never translated, nor any digit of a card shown. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, Label> = {
  bank_transfer: /*i18n*/ { id: '5bxBN0', message: 'Transferencia bancaria' },
  visa: /*i18n*/ { id: 'wDHlOl', message: 'Visa' },
  mastercard: /*i18n*/ { id: 'yh5_uN', message: 'MasterCard' },
  amex: /*i18n*/ { id: 'k46uGm', message: 'American Express' },
};
