import { countryById, DEFAULT_COUNTRY, type CountryCode } from '../../../src/lib/shared/countries';
import type { OrderDto, PaymentMethod } from '../../../src/lib/shared/orders';
import type { OutgoingEmail } from '../mail/mailer';
import { formatStoreDate, formatMoney as formatMoneyOf } from '../../../src/lib/shared/formats';

/** How receipts name the payment method: the brand, never any digit of the card. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  bank_transfer: 'Transferencia bancaria',
  visa: 'Tarjeta Visa',
  mastercard: 'Tarjeta MasterCard',
  amex: 'Tarjeta American Express',
};

const SIGNATURE = ['', 'Gracias por confiar en Dispensario Funcional.'];

function greeting(order: OrderDto): string {
  return `Hola ${order.customer.firstName || order.buyer.display_name},`;
}

function countryOf(countryId: number): CountryCode {
  return countryById(countryId)?.subdomain ?? DEFAULT_COUNTRY;
}

function dateOf(iso: string, countryId: number): string {
  return formatStoreDate(iso, countryOf(countryId), { withTime: true }) ?? iso;
}

/** An amount of the order's country as its storefront shows it (product §9). */
export function formatMoney(amount: number, countryId: number): string {
  return formatMoneyOf(amount, countryOf(countryId));
}

/** The receipt of an approved payment (product §8: 'Pago exitoso', with a receipt sent by email). */
export function receiptEmail(order: OrderDto): OutgoingEmail {
  const money = (amount: number) => formatMoney(amount, order.countryId);
  const discount = (label: string, amount: number) => (amount > 0 ? [`${label}: -${money(amount)}`] : []);
  const lines = order.items.map((item) =>
    item.type === 'points'
      ? `- ${item.name} × ${item.quantity}: ${item.points ?? 0} puntos`
      : `- ${item.name} × ${item.quantity}: ${money(item.lineTotal)}`,
  );
  return {
    to: order.customer.email || order.buyer.email,
    subject: `Recibo de tu pedido ${order.number}`,
    text: [
      greeting(order),
      '',
      `Recibimos el pago de tu pedido ${order.number}.`,
      '',
      'Productos:',
      ...lines,
      '',
      `Subtotal: ${money(order.subtotal)}`,
      ...discount('Descuento médico', order.doctorDiscount),
      ...discount(`Código promocional ${order.promoCode ?? ''}`.trim(), order.promoDiscount),
      ...discount('Descuento con puntos', order.pointsDiscount),
      `Envío: ${order.shippingCost > 0 ? money(order.shippingCost) : 'Gratis'}`,
      `Total pagado: ${money(order.total)}`,
      `Medio de pago: ${PAYMENT_METHOD_LABELS[order.payment.method]}`,
      `Fecha: ${dateOf(order.paidAt ?? order.createdAt, order.countryId)}`,
      ...(order.requiresPrescription
        ? [
            '',
            'Tu pedido incluye hormonas: lo despacharemos cuando nuestro equipo apruebe la fórmula médica que adjuntaste.',
            'Si no podemos aprobarla, cancelaremos el pedido y anularemos o te devolveremos el pago.',
          ]
        : []),
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function releasedEmail(order: OrderDto): OutgoingEmail {
  return {
    to: order.customer.email || order.buyer.email,
    subject: `Tu pedido ${order.number} fue liberado para despacho`,
    text: [
      greeting(order),
      '',
      `Aprobamos la fórmula médica de tu pedido ${order.number}: tu pedido fue liberado para despacho.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

export function cancelledEmail(order: OrderDto, reason: string): OutgoingEmail {
  const money = order.payment.status === 'refunded' ? 'Te devolveremos el pago' : 'Anulamos el cobro';
  return {
    to: order.customer.email || order.buyer.email,
    subject: `Tu pedido ${order.number} fue cancelado`,
    text: [
      greeting(order),
      '',
      `No pudimos aprobar la fórmula médica de tu pedido ${order.number}, así que lo cancelamos.`,
      `Motivo: ${reason}`,
      '',
      `${money} de ${formatMoney(order.total, order.countryId)} por el mismo medio de pago.`,
      ...SIGNATURE,
    ].join('\n'),
  };
}

/** An unpaid order cancelled when its window to pay closed; `explanation` says so (`expiryExplanation`). */
export function expiredEmail(order: OrderDto, explanation: string): OutgoingEmail {
  return {
    to: order.customer.email || order.buyer.email,
    subject: `Tu pedido ${order.number} fue cancelado`,
    text: [
      greeting(order),
      '',
      explanation,
      ...(order.payment.method === 'bank_transfer'
        ? ['Si ya hiciste la transferencia, escríbenos con el número de pedido y te la devolveremos.']
        : []),
      ...SIGNATURE,
    ].join('\n'),
  };
}
