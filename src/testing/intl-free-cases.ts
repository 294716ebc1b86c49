// What `src/lib/shared/formats.ts` writes without Intl (its `WRITTEN_LOCALES`), as cases to hold against an Intl:
// each case is the module's text and the Intl call that must write the same. `formats.test.ts` runs the calls with
// Node's ICU, `intl-free-formats.spec.ts` with Chromium's (the ICU the visitors' pages use).
import { COUNTRIES, COUNTRY_CODES } from '../lib/shared/countries';
import { formatMoney, formatQuantity, formatStoreDate } from '../lib/shared/formats';

export interface IntlFreeCase {
  /** Which value, for a failure's message. */
  label: string;
  /** What the module wrote. */
  written: string | null;
  /** The Intl call that must write the same. */
  intl: { kind: 'number' | 'date'; locale: string; options: Intl.NumberFormatOptions & Intl.DateTimeFormatOptions };
  value: number;
}

/** Every boundary of the grouping, and a deterministic spread of magnitudes up to 10^15, each with its negative. */
function integers(spreadSize: number): number[] {
  const boundaries = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 1_234_567];
  const spread = Array.from({ length: spreadSize }, (_, index) =>
    Math.floor(Math.abs(Math.sin(index + 1)) * 10 ** (index % 16)),
  );
  return [...boundaries, ...spread, Number.MAX_SAFE_INTEGER].flatMap((value) => [value, -value]);
}

const CALENDAR_LOCALES = [
  ['co', 'es-CO'],
  ['mx', 'es-MX'],
  ['pe', 'es-PE'],
  ['co', 'en'],
] as const;
const DAY_MS = 86_400_000;

/**
 * Prices of each country in its Spanish and in English (negative zero included), whole counts in the store's locales
 * and every calendar day of `years` written long.
 */
export function intlFreeCases({ spreadSize, years }: { spreadSize: number; years: [number, number] }): IntlFreeCase[] {
  const values = integers(spreadSize);
  const cases: IntlFreeCase[] = [];
  for (const country of COUNTRY_CODES) {
    const { currency, useCents, intlLocale } = COUNTRIES[country];
    const digits = useCents ? 2 : 0;
    const options = {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    } as const;
    for (const locale of [intlLocale, 'en']) {
      // Intl gets cents divided by 100, a double: beyond 10^13 its last digit is the division's rounding.
      for (const amount of [...values.filter((value) => Math.abs(value) < 1e13), -0]) {
        cases.push({
          label: `${country} ${locale} ${amount}`,
          written: formatMoney(amount, country, locale),
          intl: { kind: 'number', locale, options },
          value: useCents ? amount / 100 : amount,
        });
      }
    }
  }
  for (const locale of ['es-CO', 'es-MX', 'es-PE', 'en']) {
    for (const value of values) {
      cases.push({
        label: `count ${locale} ${value}`,
        written: formatQuantity(value, locale),
        intl: { kind: 'number', locale, options: { maximumFractionDigits: 2 } },
        value,
      });
    }
  }
  const [firstYear, lastYear] = years;
  for (const [country, locale] of CALENDAR_LOCALES) {
    for (let day = Date.UTC(firstYear, 0, 1); day < Date.UTC(lastYear + 1, 0, 1); day += DAY_MS) {
      const iso = new Date(day).toISOString().slice(0, 10);
      cases.push({
        label: `${country} ${locale} ${iso}`,
        written: formatStoreDate(iso, country, { locale }),
        intl: { kind: 'date', locale, options: { dateStyle: 'long', timeZone: 'UTC' } },
        value: day,
      });
    }
  }
  return cases;
}
