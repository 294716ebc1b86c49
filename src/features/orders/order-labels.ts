import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OrderStatus, PaymentStatus, PrescriptionReviewStatus, TaxpayerType } from '../../lib/shared/orders';

/** Spanish names of every order status, for the buyer's list and detail and for the admin. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  pending_payment: msg`Pendiente de pago`,
  awaiting_transfer: msg`Esperando transferencia`,
  payment_rejected: msg`Pago rechazado`,
  paid: msg`Pagado`,
  pending_prescription: msg`Fórmula en validación`,
  released: msg`Liberado para despacho`,
  cancelled: msg`Cancelado`,
};

type StatusTone = 'pending' | 'approved' | 'rejected';

/** Badge colour: waiting on someone, done, or stopped (the `.status--*` classes). */
export const ORDER_STATUS_TONES: Record<OrderStatus, StatusTone> = {
  pending_payment: 'pending',
  awaiting_transfer: 'pending',
  payment_rejected: 'rejected',
  paid: 'approved',
  pending_prescription: 'pending',
  released: 'approved',
  cancelled: 'rejected',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  pending: msg`Pendiente`,
  approved: msg`Aprobado`,
  declined: msg`Rechazado`,
  voided: msg`Anulado`,
  refunded: msg`Reembolsado`,
};

export const PRESCRIPTION_REVIEW_LABELS: Record<PrescriptionReviewStatus, MessageDescriptor> = {
  pending: msg`En validación`,
  approved: msg`Aprobada`,
  rejected: msg`Rechazada`,
};

export const PRESCRIPTION_REVIEW_TONES: Record<PrescriptionReviewStatus, StatusTone> = {
  pending: 'pending',
  approved: 'approved',
  rejected: 'rejected',
};

export const TAXPAYER_LABELS: Record<TaxpayerType, MessageDescriptor> = {
  persona_natural: msg`Persona natural`,
  persona_juridica: msg`Persona jurídica`,
};
