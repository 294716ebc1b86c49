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
 * What the store's own locales write whole numbers and prices with, so that a page showing only prices, counts and
 * calendar days makes no Intl formatter: the first number or date format a page makes loads ICU's data, 20–85 ms of
 * one task on the bench machine (four times that on a mid-range phone), in the middle of the first render (issue #18's
 * total blocking time). Anything else (another locale or currency, a fraction, a sign asked for, a moment with its
 * time) goes to Intl; `formats.test.ts` holds these equal to Intl's output for every value it tries, and
 * `intl-free-formats.spec.ts` to Chromium's on the pages themselves.
 */
const WRITTEN_LOCALES: Partial<
  Record<string, { group: string; decimal: string; currencies: Partial<Record<string, string>> }>
> = {
  'es-CO': { group: '.', decimal: ',', currencies: { COP: '$\u00a0' } },
  'es-MX': { group: ',', decimal: '.', currencies: { MXN: '$' } },
  'es-PE': { group: ',', decimal: '.', currencies: { PEN: 'S/\u00a0' } },
  en: { group: ',', decimal: '.', currencies: { COP: 'COP\u00a0', MXN: 'MX$', PEN: 'PEN\u00a0' } },
};

/** A whole number's digits with the locale's group separator every three ('1.234.567'). */
function groupedDigits(whole: number, group: string): string {
  const digits = String(whole);
  const head = digits.length % 3 || 3;
  let written = digits.slice(0, head);
  for (let index = head; index < digits.length; index += 3) written += group + digits.slice(index, index + 3);
  return written;
}

/** Intl writes negative zero with its sign too ('-$ 0'). */
function signOf(value: number): string {
  return value < 0 || Object.is(value, -0) ? '-' : '';
}

/**
 * An amount in the country's unit (MXN and PEN in cents, shown with 2 digits; COP whole pesos, shown with none), in
 * the country's Spanish unless another locale is asked for (English screens).
 */
export function formatMoney(amount: number, country: CountryCode, locale: string = COUNTRIES[country].intlLocale) {
  const { useCents, currency } = COUNTRIES[country];
  const written = WRITTEN_LOCALES[locale];
  const symbol = written?.currencies[currency];
  if (written && symbol !== undefined && Number.isSafeInteger(amount)) {
    const units = Math.abs(amount);
    const figure = useCents
      ? `${groupedDigits(Math.floor(units / 100), written.group)}${written.decimal}${String(units % 100).padStart(2, '0')}`
      : groupedDigits(units, written.group);
    return `${signOf(amount)}${symbol}${figure}`;
  }
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
  const written = WRITTEN_LOCALES[locale];
  if (written && signDisplay === 'auto' && Number.isSafeInteger(value)) {
    return `${signOf(value)}${groupedDigits(Math.abs(value), written.group)}`;
  }
  return numberFormat(locale, { maximumFractionDigits: fractionDigits, signDisplay }).format(value);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Noon UTC is the same calendar day in every store's time zone (UTC−5 and UTC−6). */
const CALENDAR_NOON_UTC = 'T12:00:00Z';

const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;
const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** A calendar day written long ('5 de noviembre de 2026') without Intl, for the locales of `WRITTEN_LOCALES`. */
const LONG_CALENDAR_DAYS: Partial<Record<string, (day: number, month: number, year: number) => string>> = {
  'es-CO': (day, month, year) => `${day} de ${SPANISH_MONTHS[month]} de ${year}`,
  'es-MX': (day, month, year) => `${day} de ${SPANISH_MONTHS[month]} de ${year}`,
  // Peru's Spanish writes 'setiembre'.
  'es-PE': (day, month, year) => `${day} de ${month === 8 ? 'setiembre' : SPANISH_MONTHS[month]} de ${year}`,
  en: (day, month, year) => `${ENGLISH_MONTHS[month]} ${day}, ${year}`,
};

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
  const calendarDay = LONG_CALENDAR_DAYS[locale];
  if (calendarDay && typeof value === 'string' && CALENDAR_DATE.test(value) && dateStyle === 'long' && !withTime) {
    // Noon UTC is that day in every store's time zone: its UTC fields are the day's.
    return calendarDay(date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear());
  }
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
