// The JavaScript a first visit downloads, against its budget (issue #18). Sizes are exact (gzip level 9 of the built
// files), so this is no timing test: it reads the build the other end-to-end tests run against, measured by the
// bench's own code (tests/bench/bundle.ts), and needs neither a browser nor a server.
import { expect, test } from '@playwright/test';
import {
  manifestKeyForSource,
  measureFirstVisit,
  measureJs,
  messagesMissingOnFirstVisit,
  requireCurrentBuild,
  staticClosure,
  type EntryRoute,
  type JsSet,
} from '../bench/bundle';

/**
 * Budgets in KiB of gzip: today's figures and a little room, so that growth is a decision recorded with its reason
 * (docs/decisions.md, "What a first visit downloads"), not an accident. Lower them when a change makes room; the
 * issue's targets are 150 KiB for a whole first visit and 70 KiB for the shell.
 */
// Lowered by issue #18's front-end work (188/190): the home's and the other public screens' messages in catalogues of
// their own (the home's counts in its first visit) and Dexie's ES module build (docs/decisions.md, "What a first visit
// downloads"); raised by 0.3 for the error screens that keep the layout and the app-level boundary (issue #20).
// Raised to 198.4 / 189.3 when the accounting became complete (session 20): what the layout and the cards load as they
// first render (footer, chat button, the service worker's helper, the cart and favourite controls) and the home's
// guided tour were downloaded by a new device's first visit but not counted; first-visit-downloads.spec.ts now checks
// the list in a browser. The bag measured from session 20 (259.1 KiB: its four checkout steps, the members' messages,
// zod and the phone numbering plans came with it); 217.4 in session 21, the later steps loaded once the bag holds
// something. Session 22: the declarative router (no data router in the shell) took every page down by 17.7 KiB and
// the shell from 69.6 to 52.0. Session 23: the home offers the guided tour instead of starting it (180.4 → 172.7);
// the bag has a catalogue of its own instead of every member screen's (199.7 → 183.9; its loader adds 0.2 to each page).
// Session 25: Dexie (28.6) only on a device that holds its database, the answers' copy written without it; the
// shell +0.5 for that copy's own IndexedDB code and the database's marker (home 173.1 → 145.0, catalogue 171.7 →
// 143.6, bag 184.0 → 155.9). Session 26: the bag no longer downloads the order's machinery, the re-purchase link's
// code or the sign-in forms' shared chunk (155.9 → 144.1); the payment's result screen has a loader of its own in the
// router (catalogue +0.1). Session 27: prices, counts and calendar days written without Intl (its first formatter
// loads ICU's data, 20–85 ms of the first render's task): +0.5 on each page, and the shell +1.0 as the header's bag
// count now formats with the money module, which moved from the home's shared chunk to the shell; +0.1 for the
// restoration gate that waits for the query cache's copy too (the first page renders once). Session 28: +0.1 for the
// catalogue, whose idle-time hook the members' patient list now shares (rolldown moved it into the small chunk the
// catalogue already shared with the members' screens). Session 29: +0.1 on the home, the bag and the shell: the footer,
// the floating chat and the service worker's registration wait for the painted, idle page, so that hook is now the
// shell's; an offline start asks nothing of the sessions and the connection's return reads them. Session 30: four small
// modules the public pages and the members' screens share (text search, data-rights and accounts constants, the retry
// alert) are the shell's instead of four files (`SHELL_SHARED` in vite.config.ts): shell +0.6, bag +0.5, catalogue
// -0.5 (it loaded two of them), the builder 16 → 12 route requests and its Lighthouse LCP 3.0 → 2.9 s. Session 31:
// +0.3 to +0.4 on each page for V8's compile hint on the first line of every chunk (`eagerCompileHint` in
// vite.config.ts, about 20 bytes per file): the functions compile while the file streams in, off the main thread
// (an offline start 150–300 ms sooner with the CPU throttled 4×). Then +0.1 to +0.2, the shell 54.4 → 54.6: a
// returning start reads its stored state through IndexedDB itself (`src/lib/db.ts`), Dexie's 28 KiB off its path.
// Session 32: the bag +0.1 for the helper that loads a screen's later code once (`src/lib/lazy-module.ts`), which its
// checkout steps now share with the members' forms. Then +0.1 on each page and the shell: leaving the page writes the
// query cache's copy at once (`saveQueryCacheNow` in src/lib/query.ts, wired in src/app/providers.tsx). Then +0.1 on
// the home and the bag: a download ahead of time that fails shows nothing (`usePreloadWhenIdle` in lazy-module.ts);
// the shell 54.8, its loading line saying 'Cargando…' when given nothing else to say (three screens wrote it out).
// Then the bag 146.1: the admin's messages in a catalogue of their own, whose three loaders are the shell's (every
// member screen downloads 14.8 KiB of messages instead of 19.5; not counted here, as no first visit downloads them).
const FIRST_VISIT_BUDGET_KIB: Record<EntryRoute['label'], number> = { home: 146.4, catalogue: 144.4, bag: 146.1 };
const SHELL_BUDGET_KIB = 54.8;

const KIB = 1024;
const kib = (bytes: number) => Math.round((bytes / KIB) * 10) / 10;
/** Each chunk of a measured set with its size, for a failure's message. */
const chunkList = (js: JsSet) => js.chunks.map((chunk) => `${chunk.file} ${kib(chunk.gzipBytes)}`).join(', ');

test('a first visit downloads no more JavaScript than its budget, per entry route and for the app shell', async () => {
  const build = await requireCurrentBuild();
  const firstVisit = await measureFirstVisit(build.manifest, build.outDir);
  for (const { route, js } of firstVisit.routes) {
    expect
      .soft(kib(js.gzipBytes), `first visit to ${route.path} (KiB gzip): ${chunkList(js)}`)
      .toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KIB[route.label]);
  }
  expect(kib(firstVisit.shell.gzipBytes), `app shell ${firstVisit.shell.file} (KiB gzip)`).toBeLessThanOrEqual(
    SHELL_BUDGET_KIB,
  );
});

/**
 * Member screens, as the code each route imports statically, in KiB of gzip: a member reaches them after logging in,
 * so the app is there already; what a screen adds is measured with it. The prescription builder
 * (`mi-cuenta/prescripcion`) is the page the issue audits for professionals: 207.1 in session 21, when the dialog the
 * members' screens share (Radix's, 13.5 KiB) began to load on first opening rather than with every member screen;
 * 189.4 in session 22, with the declarative router. 'Datos personales' (every member's first screen after logging in)
 * 189.1 in session 22, when its own questions (revoke the consent, delete the account) began to load that dialog on
 * opening too (203.0 before).
 */
// +0.3 / +0.4 in session 25: the shell's IndexedDB code for the answers' copy and the database's marker (Dexie was
// never counted here: it comes with the stored state, dynamically). +0.5 in session 26: what the bag shares with the
// other screens (a heading, a loading line, the checkout form's record) is a chunk of its own beside theirs. +0.3 /
// +0.2 in session 27: prices, counts and calendar days written without Intl (personal data +0.1 more for the outbox's
// unchanged-list check). +0.3 / +0.2 in session 28: the patient lists and the builder's issued list wait for the page
// to be painted and idle before asking for the offline register and the issued prescriptions; that hook's code moved
// into the small chunk the catalogue shares with the members' screens, which both routes load. Then the builder 191.1
// → 190.2 (20 files → 17), personal data 191.0 → 190.0: the form schemas and the professional's two APIs in one
// chunk each. Session 30: the builder 190.2 → 189.4, personal data 190.0 → 189.3, four small shared modules in the
// shell (see the first-visit budgets); then 188.6 and 188.5 (12 → 10 files), the professional's APIs and the push
// module in the members' shared chunk that imports them (`MEMBER_SHARED_ROOTS` in vite.config.ts). Session 31: 188.8
// and 188.8, V8's compile hint on each of their files; then 189.0 and 188.9, the start's reads without Dexie (see
// the first-visit budgets). Session 32: the builder 189.0 → 157.8 and 'Mis pacientes' (budgeted from then on, a
// screen the clinic-offline issue times) 186.4 → 153.0: neither imports zod any more (24 KiB): the indications'
// checks, the patient's creation and edit forms load once the page is idle or a step needs them (`member-forms` and
// `ZOD_MODULE` in vite.config.ts, `lazy-tool-checks.ts`); personal data 188.9 → 184.5, the members' shared chunk
// without the forms' code it does not use. Then +0.1 each for the shell's write on leaving the page, and +0.1 for the
// builder and personal data: a download ahead of time that fails shows nothing.
const MEMBER_ROUTE_BUDGETS_KIB = {
  'src/app/routes/prescription-route.tsx': 158.0,
  'src/app/routes/patients-route.tsx': 153.1,
  // 189.4 until session 23's mend of the scroll restoration (+0.1 KiB in the shell).
  'src/app/routes/personal-data-route.tsx': 184.7,
};

test('the prescription builder, the patients and personal data import no more JavaScript than their budgets', async () => {
  const build = await requireCurrentBuild();
  for (const [route, budget] of Object.entries(MEMBER_ROUTE_BUDGETS_KIB)) {
    const js = await measureJs(
      build.manifest,
      build.outDir,
      staticClosure(build.manifest, [manifestKeyForSource(build.manifest, route)]),
    );
    expect.soft(kib(js.gzipBytes), `${route} (KiB gzip): ${chunkList(js)}`).toBeLessThanOrEqual(budget);
  }
});

test('the pages a first visit lands on show only messages of the catalogue it downloads', async () => {
  const build = await requireCurrentBuild();
  // A file that lingui.config.ts gives to another screen's catalogue, imported by the home, the catalogue, a product
  // page or the bag (its first step and its later ones), would show its messages' ids there.
  expect(await messagesMissingOnFirstVisit(build.manifest, build.outDir)).toEqual([
    { page: 'src/app/routes/home-page.tsx', ids: [] },
    { page: 'src/features/catalog/components/catalog-page.tsx', ids: [] },
    { page: 'src/app/routes/checkout-route.tsx', ids: [] },
    { page: 'src/features/catalog/components/product-page.tsx', ids: [] },
    { page: 'src/features/checkout/components/checkout-steps.tsx', ids: [] },
  ]);
});
