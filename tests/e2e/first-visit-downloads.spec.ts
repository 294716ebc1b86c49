// The accounting of tests/bench/bundle.ts against what a browser really downloads on a first visit (issue #18: "keep
// the honest accounting, everything a first visit downloads counts"): a script the page asks for that the accounting
// leaves out would make the budget and the bench's figure lie. Which files, not how fast: no timing here.
import { ENTRY_ROUTES, measureFirstVisit, requireCurrentBuild } from '../bench/bundle';
import { ContentPage } from './pages/content-pages';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

// A device that has never been here: the guided tour's offer and the install offer are part of a first visit.
test.use({ tourSeen: false, installOfferSeen: false });

for (const route of ENTRY_ROUTES) {
  test(`every script a first visit to ${route.path} downloads is counted by the bench and the budget`, async ({
    page,
  }) => {
    const build = await requireCurrentBuild();
    const firstVisit = await measureFirstVisit(build.manifest, build.outDir);
    const counted = firstVisit.routes.find((measured) => measured.route.path === route.path)?.js.chunks ?? [];
    const downloaded = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js') && pathname !== '/sw.js') downloaded.add(pathname.slice(1));
    });
    await page.goto(route.path);
    // The home offers the guided tour; its script downloads only when the visitor takes it.
    if (route.label === 'home') await expect(new ContentPage(page).tourInvite).toBeVisible();
    await page.waitForLoadState('networkidle');
    const countedFiles = new Set(counted.map((chunk) => chunk.file));
    expect([...downloaded].filter((file) => !countedFiles.has(file)).sort()).toEqual([]);
    expect(downloaded.size).toBeGreaterThan(0);
  });
}
