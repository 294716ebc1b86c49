import type { CountryCode } from '../../../lib/shared/countries';
import { renderApp } from '../../../testing/render';
import { loggedInAsAdmin } from '../test-session';

/** Opens an admin page (`/{country}/admin/...`) signed in as that country's admin. */
export async function renderAsAdmin(path: string) {
  await loggedInAsAdmin(path.split('/')[1] as CountryCode);
  return renderApp(path);
}
