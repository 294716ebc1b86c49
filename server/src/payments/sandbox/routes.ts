import { countryCodeById } from '../../../../src/lib/shared/countries';
import { pathParam, type Api } from '../../http/auth';
import type { AppContext } from '../../http/app-env';
import { multipartText, readMultipart } from '../../http/body';
import type { OrdersContext } from '../../orders/context';
import { expireUnpaidOrder, expiryExplanation, isPaymentOverdue } from '../../orders/expiry';
import { formatMoney } from '../../../../src/lib/shared/formats';
import { isUuid } from '../../../../src/lib/shared/order-schemas';
import type { PaymentEvent } from '../provider';
import { receiveWebhook } from '../webhook-routes';
import { checkCard } from './cards';
import { expiredPaymentPage, messagePage, PAGE_HEADERS, paymentPage, type PaymentPageView } from './page';
import type { SandboxPaymentProvider } from './provider';
import { findHostedPayment, type HostedPayment } from './repo';

function pageView(payment: HostedPayment, typed: Partial<PaymentPageView> = {}): PaymentPageView {
  return {
    paymentId: payment.id,
    orderNumber: payment.number,
    countryId: payment.country_id,
    total: formatMoney(payment.amount, countryCodeById(payment.country_id)),
    method: payment.method,
    problems: [],
    cardName: '',
    expiry: '',
    ...typed,
  };
}

/**
 * The sandbox's hosted payment page, standing in for a provider's website. Public like one: the buyer's browser
 * arrives by redirect without the storefront's token, and the payment id (a random UUID) is the capability. The
 * card goes no further than the check below: only the outcome, brand and last four digits leave it, in the webhook.
 */
export function registerSandboxPaymentPages(api: Api, ctx: OrdersContext, sandbox: SandboxPaymentProvider): void {
  const access = { access: 'public', ownership: 'payment id is the capability' } as const;

  /**
   * The pending payment of the link, or the answer instead: a 404 page, the expired page once the window to pay
   * closed, or the result screen once settled.
   */
  async function pendingPayment(c: AppContext) {
    const id = pathParam(c, 'paymentId');
    const payment = isUuid(id) ? await findHostedPayment(ctx.db, id) : undefined;
    if (!payment) {
      const page = messagePage('Pago no encontrado', 'El enlace de pago no existe o ya no es válido.');
      return { response: c.html(page, 404, PAGE_HEADERS) };
    }
    const bag = `/${countryCodeById(payment.country_id)}/bolsa`;
    const overdue =
      payment.status === 'pending' &&
      isPaymentOverdue({ status: payment.order_status, created_at: payment.created_at }, ctx.clock());
    // This page never charges once the window closed, even when the cancellation fails (the next sweep retries it).
    if (overdue) await expireUnpaidOrder(ctx, payment.order_id);
    // A payment voided before any approval can only have run out of time.
    if (overdue || (payment.status === 'voided' && payment.approved_at === null)) {
      const page = expiredPaymentPage({
        explanation: expiryExplanation(payment.number, payment.method),
        bagUrl: bag,
      });
      return { response: c.html(page, 410, PAGE_HEADERS) };
    }
    // A payment already settled is never charged again: back to the storefront's result screen.
    const result = `${bag}/resultado/${payment.source_id}`;
    if (payment.status !== 'pending') return { response: c.redirect(result, 303) };
    return { payment, result };
  }

  api.get('/payments/sandbox/:paymentId', access, async (c) => {
    const found = await pendingPayment(c);
    if (!found.payment) return found.response;
    return c.html(paymentPage(pageView(found.payment)), 200, PAGE_HEADERS);
  });

  api.post('/payments/sandbox/:paymentId', access, async (c) => {
    const found = await pendingPayment(c);
    if (!found.payment) return found.response;
    const { payment, result } = found;
    let outcome: Pick<PaymentEvent, 'outcome' | 'brand' | 'last4'> = { outcome: 'approved', brand: null, last4: null };
    if (payment.method !== 'bank_transfer') {
      const form = await readMultipart(c);
      const text = (name: string) => multipartText(form, name) ?? '';
      const card = { number: text('cardNumber'), name: text('cardName'), expiry: text('expiry'), cvv: text('cvv') };
      const check = checkCard(card, payment.method, new Date());
      if (!check.ok) {
        const view = pageView(payment, { problems: check.problems, cardName: card.name, expiry: card.expiry });
        return c.html(paymentPage(view), 422, PAGE_HEADERS);
      }
      outcome = { outcome: check.outcome, brand: check.brand, last4: check.last4 };
    }
    const { rawBody, headers } = sandbox.signedWebhook({
      ...outcome,
      paymentId: payment.id,
      amount: payment.amount,
      currency: payment.currency,
    });
    await receiveWebhook(ctx, sandbox.name, rawBody, headers);
    return c.redirect(result, 303);
  });
}
