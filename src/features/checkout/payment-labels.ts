import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PaymentMethod } from '../../lib/shared/orders';

/** Product §9: the bank transfer service and the card brands; brand names are never translated. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, MessageDescriptor> = {
  bank_transfer: msg`Transferencia bancaria`,
  visa: msg`Visa`,
  mastercard: msg`MasterCard`,
  amex: msg`American Express`,
};
