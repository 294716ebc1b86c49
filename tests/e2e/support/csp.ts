import type { BrowserContext, Page } from '@playwright/test';

/** What a page reported: the blocked directive and address, or the console's wording. */
type Violations = string[];

const recorded = new WeakMap<BrowserContext, Violations>();
const BINDING = '__reportCspViolation';

/**
 * Records every Content Security Policy violation of every page of the context: the `securitypolicyviolation`
 * events (listened to on each document before its scripts run) and the console messages that mention the policy
 * (what the browser reports for blocked workers and for violations before the listener exists).
 */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  const violations: Violations = [];
  recorded.set(context, violations);
  await context.exposeBinding(BINDING, ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} bloqueó ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  }, BINDING);
  const watch = (page: Page) =>
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
}

/** Throws listing every violation recorded for the context, if any. */
export function assertNoCspViolations(context: BrowserContext): void {
  const violations = [...new Set(recorded.get(context) ?? [])];
  if (violations.length > 0) {
    throw new Error(`Violaciones de la política de seguridad de contenido:\n${violations.join('\n')}`);
  }
}
