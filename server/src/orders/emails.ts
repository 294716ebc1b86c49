import { countryCodeById } from '../../../src/lib/shared/countries';
import { spanish } from '../../../src/lib/shared/labels';
import type { OrderDto } from '../../../src/lib/shared/orders';
import { PAYMENT_METHOD_LABELS } from '../../../src/lib/shared/payment-labels';
import type { OutgoingEmail } from '../mail/mailer';
import { formatStoreDate, formatMoney as formatMoneyOf } from '../../../src/lib/shared/formats';

const SIGNATURE = ['', 'Gracias por confiar en Dispensario Funcional.'];

/** A mail to the order's customer: the greeting, a blank line, `body`, the signature. */
function emailAbout(order: OrderDto, subject: string, body: string[]): OutgoingEmail {
  return {
    to: order.customer.email || order.buyer.email,
    subject,
    text: [`Hola ${order.customer.firstName || order.buyer.display_name},`, '', ...body, ...SIGNATURE].join('\n'),
  };
}

function dateOf(iso: string, countryId: number): string {
  return formatStoreDate(iso, countryCodeById(countryId), { withTime: true }) ?? iso;
}

/** An amount of the order's country as its storefront shows it (product §9). */
export function formatMoney(amount: number, countryId: number): string {
  return formatMoneyOf(amount, countryCodeById(countryId));
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
  return emailAbout(order, `Recibo de tu pedido ${order.number}`, [
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
    `Medio de pago: ${spanish(PAYMENT_METHOD_LABELS[order.payment.method])}`,
    `Fecha: ${dateOf(order.paidAt ?? order.createdAt, order.countryId)}`,
    ...(order.requiresPrescription
      ? [
          '',
          'Tu pedido incluye hormonas: lo despacharemos cuando nuestro equipo apruebe la fórmula médica que adjuntaste.',
          'Si no podemos aprobarla, cancelaremos el pedido y anularemos o te devolveremos el pago.',
        ]
      : []),
  ]);
}

export function releasedEmail(order: OrderDto): OutgoingEmail {
  return emailAbout(order, `Tu pedido ${order.number} fue liberado para despacho`, [
    `Aprobamos la fórmula médica de tu pedido ${order.number}: tu pedido fue liberado para despacho.`,
  ]);
}

export function cancelledEmail(order: OrderDto, reason: string): OutgoingEmail {
  const money = order.payment.status === 'refunded' ? 'Te devolveremos el pago' : 'Anulamos el cobro';
  return emailAbout(order, `Tu pedido ${order.number} fue cancelado`, [
    `No pudimos aprobar la fórmula médica de tu pedido ${order.number}, así que lo cancelamos.`,
    `Motivo: ${reason}`,
    '',
    `${money} de ${formatMoney(order.total, order.countryId)} por el mismo medio de pago.`,
  ]);
}

/** An unpaid order cancelled when its window to pay closed; `explanation` says so (`expiryExplanation`). */
export function expiredEmail(order: OrderDto, explanation: string): OutgoingEmail {
  return emailAbout(order, `Tu pedido ${order.number} fue cancelado`, [
    explanation,
    ...(order.payment.method === 'bank_transfer'
      ? ['Si ya hiciste la transferencia, escríbenos con el número de pedido y te la devolveremos.']
      : []),
  ]);
}
