import { createHash } from 'node:crypto';
import type { PaymentMethod } from '../../../../src/lib/shared/orders';
import { spanish } from '../../../../src/lib/shared/labels';
import { PAYMENT_METHOD_LABELS } from '../../../../src/lib/shared/payment-labels';
import { SANDBOX_TEST_CARDS } from './cards';
import { sandboxPageUrl } from './provider';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f3f5f7}
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
.sandbox{margin:0 0 1rem;padding:.5rem .75rem;border-radius:8px;background:#fff4d6;color:#5c4500;font-size:.9rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#52606d}
dd{margin:0;font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem .75rem;font:inherit;border:1px solid #9aa5b1;border-radius:8px}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
button{margin-top:1.25rem;width:100%;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#0f5132;border:0;border-radius:8px;cursor:pointer}
button:focus{outline:3px solid #2563eb;outline-offset:2px}
.problems{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:#fde8e8;color:#8a1c1c}
.problems ul{margin:.25rem 0 0;padding-left:1.25rem}
details{margin-top:1.5rem;font-size:.9rem;color:#52606d}
.action{display:block;margin-top:1.25rem;padding:.75rem;text-align:center;font-weight:700;color:#fff;background:#0f5132;border-radius:8px;text-decoration:none}
.action:focus{outline:3px solid #2563eb;outline-offset:2px}
`;

/** Only this page's own style block may apply; nothing else loads, and it posts only to this origin. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

interface BankAccount {
  bank: string;
  accountType: string;
  account: string;
  holder: string;
}

const COLOMBIAN_ACCOUNT: BankAccount = {
  bank: 'Banco de Pruebas de Colombia',
  accountType: 'Cuenta de ahorros',
  account: '000-123456-78',
  holder: 'Dispensario Funcional S.A.S.',
};

/** Bank details the transfer instructions show, per country id. Fictitious: the sandbox moves no money. */
const SANDBOX_BANK_ACCOUNTS: Record<number, BankAccount> = {
  1: COLOMBIAN_ACCOUNT,
  2: {
    bank: 'Banco de Pruebas de México',
    accountType: 'CLABE',
    account: '000 180 0000 0000 0000',
    holder: 'Dispensario Funcional S.A. de C.V.',
  },
  3: {
    bank: 'Banco de Pruebas del Perú',
    accountType: 'Cuenta corriente (CCI)',
    account: '000-000-000000000000-00',
    holder: 'Dispensario Funcional S.A.C.',
  },
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="sandbox">Pasarela de pruebas: no se realiza ningún cobro real.</p>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string): string {
  return document(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

/** The page of a payment whose window closed: the order was cancelled without a charge; back to the bag. */
export function expiredPaymentPage(view: { explanation: string; bagUrl: string }): string {
  const title = 'El plazo para pagar terminó';
  return document(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(view.explanation)}</p>
<a class="action" href="${escapeHtml(view.bagUrl)}">Volver a la bolsa</a>`,
  );
}

export interface PaymentPageView {
  paymentId: string;
  orderNumber: string;
  countryId: number;
  /** Already formatted in the country's currency. */
  total: string;
  method: PaymentMethod;
  problems: string[];
  /** What the buyer typed, shown again after an error: never the card number nor the CVV. */
  cardName: string;
  expiry: string;
}

function field(id: string, name: string, label: string, attributes: string, value = ''): string {
  return `<label for="${id}">${label}</label>
<input id="${id}" name="${name}" ${attributes} value="${escapeHtml(value)}" required>`;
}

function cardForm(view: PaymentPageView): string {
  const invalid = view.problems.length > 0 ? ' aria-invalid="true" aria-describedby="problems"' : '';
  const testCards = SANDBOX_TEST_CARDS.map(
    (card) =>
      `<li>${card.brand} ${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}: ${card.outcome === 'approved' ? 'aprobada' : 'rechazada'}</li>`,
  ).join('');
  return `<form method="post" action="${sandboxPageUrl(view.paymentId)}" novalidate>
${field('card-number', 'cardNumber', 'Número de tarjeta', `inputmode="numeric" autocomplete="cc-number" maxlength="23"${invalid}`)}
${field('card-name', 'cardName', 'Nombre en la tarjeta', 'autocomplete="cc-name" maxlength="100"', view.cardName)}
<div class="row">
<div>${field('card-expiry', 'expiry', 'Vencimiento (MM/AA)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7"', view.expiry)}</div>
<div>${field('card-cvv', 'cvv', 'CVV', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
</div>
<button type="submit">Pagar</button>
</form>
<details>
<summary>Tarjetas de prueba</summary>
<p>Cualquier fecha futura y cualquier CVV (4 dígitos para American Express).</p>
<ul>${testCards}</ul>
</details>`;
}

function transferInstructions(view: PaymentPageView): string {
  const account = SANDBOX_BANK_ACCOUNTS[view.countryId] ?? COLOMBIAN_ACCOUNT;
  const rows: [string, string][] = [
    ['Banco', account.bank],
    ['Tipo de cuenta', account.accountType],
    ['Número', account.account],
    ['Titular', account.holder],
    ['Referencia', view.orderNumber],
    ['Valor', view.total],
  ];
  return `<h2>Datos para la transferencia</h2>
<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p>Escribe el número de pedido como referencia. Confirmaremos tu pedido cuando recibamos la transferencia.</p>
<form method="post" action="${sandboxPageUrl(view.paymentId)}">
<button type="submit">Simular transferencia recibida</button>
</form>`;
}

/** The hosted payment page: the order, its total and the card form or the transfer instructions. */
export function paymentPage(view: PaymentPageView): string {
  const problems =
    view.problems.length === 0
      ? ''
      : `<div id="problems" class="problems" role="alert"><p>Revisa los datos del pago:</p><ul>${view.problems
          .map((problem) => `<li>${escapeHtml(problem)}</li>`)
          .join('')}</ul></div>`;
  const title = `Pago del pedido ${view.orderNumber}`;
  return document(
    title,
    `<h1>${escapeHtml(title)}</h1>
<dl>
<dt>Pedido</dt><dd>${escapeHtml(view.orderNumber)}</dd>
<dt>Total a pagar</dt><dd>${escapeHtml(view.total)}</dd>
<dt>Medio de pago</dt><dd>${spanish(PAYMENT_METHOD_LABELS[view.method])}</dd>
</dl>
${problems}
${view.method === 'bank_transfer' ? transferInstructions(view) : cardForm(view)}`,
  );
}
