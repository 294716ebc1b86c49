// Prices, counts and calendar days are written without Intl in the store's locales (src/lib/shared/formats.ts,
// `WRITTEN_LOCALES`): the first Intl number or date format a page makes loads ICU's data in the middle of its first
// render (issue #18). The unit test holds them equal to Node's ICU; this holds them equal to Chromium's, the ICU the
// visitors' pages format with, over cases of the same kinds. No server: a blank page runs the Intl calls.
import { expect, test } from '@playwright/test';
import { intlFreeCases } from '../../src/testing/intl-free-cases';

test('prices, counts and calendar days written without Intl are what Chromium’s Intl writes', async ({ page }) => {
  const cases = intlFreeCases({ spreadSize: 200, years: [2026, 2026] });
  await page.setContent('<!doctype html><title>formats</title>');
  const intl = await page.evaluate(
    (calls) =>
      calls.map(({ intl: { kind, locale, options }, value }) =>
        kind === 'number'
          ? new Intl.NumberFormat(locale, options).format(value)
          : new Intl.DateTimeFormat(locale, options).format(value),
      ),
    cases,
  );
  const mismatches = cases.flatMap(({ label, written }, index) =>
    written === intl[index] ? [] : [{ label, written, chromium: intl[index] }],
  );
  expect(cases.length).toBeGreaterThan(5000);
  expect(mismatches).toEqual([]);
});
