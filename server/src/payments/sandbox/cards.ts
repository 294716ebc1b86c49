import type { CardPaymentMethod } from '../../../../src/lib/shared/orders';
import type { CardBrand } from '../../../../src/lib/shared/payments';

const INVALID_CARD_NUMBER_MESSAGE = 'El número de tarjeta no es válido';
const BRAND_MISMATCH_MESSAGE = 'La tarjeta no corresponde a la marca elegida';
const CARD_NUMBER_REQUIRED_MESSAGE = 'Ingresa el número de tarjeta.';
const CARD_NAME_MESSAGE = 'Ingresa el nombre como aparece en la tarjeta.';
const EXPIRY_FORMAT_MESSAGE = 'La fecha de vencimiento no es válida: usa el formato MM/AA.';
const EXPIRED_CARD_MESSAGE = 'La tarjeta está vencida.';

const MAX_CARD_NAME_LENGTH = 100;
const AMEX_CVV_DIGITS = 4;
const CVV_DIGITS = 3;

const BRAND_OF_METHOD: Record<CardPaymentMethod, CardBrand> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
};

/**
 * The sandbox's documented test cards (README "Sandbox payments"). These decline; any other valid card of the chosen
 * brand is approved.
 */
export const SANDBOX_TEST_CARDS: readonly { number: string; brand: CardBrand; outcome: 'approved' | 'declined' }[] = [
  { number: '4242424242424242', brand: 'Visa', outcome: 'approved' },
  { number: '4000000000000002', brand: 'Visa', outcome: 'declined' },
  { number: '5555555555554444', brand: 'MasterCard', outcome: 'approved' },
  { number: '5105105105105100', brand: 'MasterCard', outcome: 'declined' },
  { number: '378282246310005', brand: 'American Express', outcome: 'approved' },
  { number: '371449635398431', brand: 'American Express', outcome: 'declined' },
];

/** The Luhn (mod 10) check digit test every card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the issuer prefix and length: Visa 4…, MasterCard 51–55 and 2221–2720, Amex 34 and 37. */
function detectBrand(digits: string): CardBrand | null {
  if (/^3[47]/.test(digits) && digits.length === 15) return 'American Express';
  if (/^4/.test(digits) && [13, 16, 19].includes(digits.length)) return 'Visa';
  const prefix4 = Number(digits.slice(0, 4));
  const masterCardPrefix = /^5[1-5]/.test(digits) || (prefix4 >= 2221 && prefix4 <= 2720);
  if (masterCardPrefix && digits.length === 16) return 'MasterCard';
  return null;
}

interface CardForm {
  number: string;
  name: string;
  expiry: string;
  cvv: string;
}

type CardCheck =
  { ok: true; brand: CardBrand; last4: string; outcome: 'approved' | 'declined' } | { ok: false; problems: string[] };

/** A card is usable until the last day of its expiry month. */
function expiryProblem(expiry: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return EXPIRY_FORMAT_MESSAGE;
  const firstDayAfter = Date.UTC(2000 + Number(match[2]), month, 1);
  return now.getTime() >= firstDayAfter ? EXPIRED_CARD_MESSAGE : undefined;
}

/** Checks the hosted page's card form for the brand the buyer chose; every problem at once. */
export function checkCard(form: CardForm, method: CardPaymentMethod, now: Date): CardCheck {
  const problems: string[] = [];
  const digits = form.number.replace(/[\s-]/g, '');
  const expected = BRAND_OF_METHOD[method];
  let brand: CardBrand | null = null;
  if (digits === '') problems.push(CARD_NUMBER_REQUIRED_MESSAGE);
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) problems.push(INVALID_CARD_NUMBER_MESSAGE);
  else {
    brand = detectBrand(digits);
    if (brand !== expected) problems.push(BRAND_MISMATCH_MESSAGE);
  }
  const name = form.name.trim();
  if (name === '' || name.length > MAX_CARD_NAME_LENGTH) problems.push(CARD_NAME_MESSAGE);
  const expiry = expiryProblem(form.expiry, now);
  if (expiry) problems.push(expiry);
  const cvvDigits = expected === 'American Express' ? AMEX_CVV_DIGITS : CVV_DIGITS;
  if (!new RegExp(`^\\d{${cvvDigits}}$`).test(form.cvv.trim())) {
    problems.push(`El CVV debe tener ${cvvDigits} dígitos.`);
  }
  if (problems.length > 0 || brand === null) return { ok: false, problems };
  const declines = SANDBOX_TEST_CARDS.some((card) => card.number === digits && card.outcome === 'declined');
  return { ok: true, brand, last4: digits.slice(-4), outcome: declines ? 'declined' : 'approved' };
}
