import { HomePage } from './pages/home-page';
import { assertNoCspViolations, recordCspViolations } from './support/csp';
import { expect, test } from './support/fixtures';

/** What `assertNoCspViolations` says about the context right now: its error, or nothing. */
function violationsOf(context: Parameters<typeof assertNoCspViolations>[0]): string {
  try {
    assertNoCspViolations(context);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

test('the storefront loads under its policy, and a script it did not ship is blocked and reported', async ({
  browser,
  baseURL,
}) => {
  // A context of its own: the fixture's context fails any test whose pages break the policy, as this one does.
  const context = await browser.newContext({ baseURL });
  await recordCspViolations(context);
  const home = new HomePage(await context.newPage());
  const logged: string[] = [];
  home.page.on('console', (message) => logged.push(message.text()));
  const answer = home.page.waitForResponse((response) => response.url().endsWith('/co'));
  await home.open();
  const headers = (await answer).headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(home.featuredHeading).toBeVisible();
  expect(violationsOf(context)).toBe('');
  // Every feature the Permissions-Policy names is one the browser knows: an unknown one is a warning on every page.
  expect(logged.filter((text) => text.includes('Permissions-Policy'))).toEqual([]);

  await home.page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.inyectado = "sí";';
    document.head.append(script);
  });
  await expect.poll(() => violationsOf(context)).toContain('script-src');
  await expect(home.page.locator('html')).not.toHaveAttribute('data-inyectado', 'sí');
  await context.close();
});
