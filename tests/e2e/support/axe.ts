import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type * as Axe from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeOptions {
  /** axe's rule tags to run (WCAG 2.2 A/AA unless said). */
  tags?: string[];
  /** A CSS selector: only what it matches is judged (a section's own content, without the shared header). */
  include?: string;
}

/**
 * axe's violations on the page, one line each (`rule (impact): targets`). axe is loaded once per document and run
 * in the page itself, asked for violations only: the same rules judge the same nodes, but @axe-core/playwright
 * injected its 550 KB again on every call, opened a blank page to merge the frames' results and built every rule's
 * passing nodes too, which made it 0.8–1.5 s a call against 0.1–0.4 s here and a fifth of the end-to-end suite.
 * Every frame gets axe, so the run in the top frame also judges same-origin frames (the admin's document viewer).
 */
export async function axeViolations(page: Page, { tags = WCAG_22_AA, include }: AxeOptions = {}): Promise<string[]> {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.evaluate(AXE_SOURCE);
  }
  const violations = await page.evaluate(
    async ({ tags: values, include: selector }) => {
      const { axe } = window as unknown as { axe: typeof Axe };
      const options: Axe.RunOptions = { runOnly: { type: 'tag', values }, resultTypes: ['violations'] };
      const results = await axe.run(selector ? { include: [selector] } : document, options);
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'sin impacto',
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { tags, include },
  );
  return violations.map(({ id, impact, targets }) => `${id} (${impact}): ${targets.join(', ')}`);
}
