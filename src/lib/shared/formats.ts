// Money, quantities and dates as the store writes them (product §9), one code for the storefront, the server, the
// PDFs and the e-mails: the country's currency and Spanish, and dates always in the store's time zone, so a receipt,
// a screen and a PDF agree on the day an order was paid or a prescription issued.

import { COUNTRIES, type CountryCode } from './countries';

/** Making a formatter loads locale data (a few milliseconds on a phone): one per locale and options. */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * An amount in the country's unit (MXN and PEN in cents, shown with 2 digits; COP whole pesos, shown with none), in
 * the country's Spanish unless another locale is asked for (English screens).
 */
export function formatMoney(amount: number, country: CountryCode, locale: string = COUNTRIES[country].intlLocale) {
  const { useCents, currency } = COUNTRIES[country];
  const digits = useCents ? 2 : 0;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(useCents ? amount / 100 : amount);
}

/** A quantity as people write it ('0,5', '2'), with at most `fractionDigits` decimals ('+1.500' with a sign). */
export function formatQuantity(
  value: number,
  locale: string,
  fractionDigits = 2,
  signDisplay: Intl.NumberFormatOptions['signDisplay'] = 'auto',
): string {
  return numberFormat(locale, { maximumFractionDigits: fractionDigits, signDisplay }).format(value);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Noon UTC is the same calendar day in every store's time zone (UTC−5 and UTC−6). */
const CALENDAR_NOON_UTC = 'T12:00:00Z';

export interface StoreDateOptions {
  locale?: string;
  dateStyle?: 'long' | 'medium';
  withTime?: boolean;
}

/**
 * A moment ('2026-11-20T02:30:00Z') or a calendar day ('2026-11-20') as a date in the store's time zone of the
 * country ('19 de noviembre de 2026': 02:30 UTC is still the 19th in Bogotá), with the time when asked; null when the
 * value is not a date.
 */
export function formatStoreDate(
  value: string | Date,
  country: CountryCode,
  { locale = COUNTRIES[country].intlLocale, dateStyle = 'long', withTime = false }: StoreDateOptions = {},
): string | null {
  const date =
    typeof value === 'string' ? new Date(CALENDAR_DATE.test(value) ? `${value}${CALENDAR_NOON_UTC}` : value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const key = `${country}|${locale}|${dateStyle}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle,
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: COUNTRIES[country].timeZone,
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
