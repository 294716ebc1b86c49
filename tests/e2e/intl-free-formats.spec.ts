// Prices, counts and calendar days are written without Intl in the store's locales (src/lib/shared/formats.ts,
// `WRITTEN_LOCALES`): the first Intl number or date format a page makes loads ICU's data in the middle of its first
// render (issue #18). The unit test holds them equal to Node's ICU; this holds them equal to Chromium's, the ICU the
// visitors' pages format with, over the same values. No server: the module is bundled and run in a blank page.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { rolldown } from 'rolldown';
import type * as Formats from '../../src/lib/shared/formats';

const FORMATS_MODULE = fileURLToPath(new URL('../../src/lib/shared/formats.ts', import.meta.url));

/** `formats.ts` as a script that puts its exports on `window.formats`. */
async function formatsScript(): Promise<string> {
  const bundle = await rolldown({ input: FORMATS_MODULE, logLevel: 'silent' });
  const { output } = await bundle.generate({ format: 'iife', name: 'formats' });
  await bundle.close();
  return output[0].code;
}

test('prices, counts and calendar days written without Intl are what Chromium’s Intl writes', async ({ page }) => {
  await page.setContent('<!doctype html><title>formats</title>');
  await page.addScriptTag({ content: await formatsScript() });
  const { checked, mismatches } = await page.evaluate(() => {
    const { formatMoney, formatQuantity, formatStoreDate } = (window as unknown as { formats: typeof Formats }).formats;
    const found: { what: string; written: string | null; intl: string }[] = [];
    let count = 0;
    const compare = (what: string, written: string | null, intl: string) => {
      count += 1;
      if (written !== intl) found.push({ what, written, intl });
    };
    const boundaries = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000];
    const spread = Array.from({ length: 200 }, (_, index) =>
      Math.floor(Math.abs(Math.sin(index + 1)) * 10 ** (index % 13)),
    );
    const integers = [...boundaries, ...spread].flatMap((value) => [value, -value]);
    const countries = [
      { code: 'co', locale: 'es-CO', currency: 'COP', digits: 0 },
      { code: 'mx', locale: 'es-MX', currency: 'MXN', digits: 2 },
      { code: 'pe', locale: 'es-PE', currency: 'PEN', digits: 2 },
    ] as const;
    for (const { code, locale: spanish, currency, digits } of countries) {
      for (const locale of [spanish, 'en']) {
        const intl = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        for (const amount of integers) {
          compare(
            `${code} ${locale} ${amount}`,
            formatMoney(amount, code, locale),
            intl.format(digits ? amount / 100 : amount),
          );
        }
      }
      const counts = new Intl.NumberFormat(spanish, { maximumFractionDigits: 2 });
      for (const value of integers)
        compare(`count ${spanish} ${value}`, formatQuantity(value, spanish), counts.format(value));
      for (const locale of [spanish, 'en']) {
        const days = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
        for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
          const iso = new Date(day).toISOString().slice(0, 10);
          compare(`${code} ${locale} ${iso}`, formatStoreDate(iso, code, { locale }), days.format(day));
        }
      }
    }
    return { checked: count, mismatches: found };
  });
  expect(checked).toBeGreaterThan(5000);
  expect(mismatches).toEqual([]);
});
