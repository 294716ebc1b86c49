import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { rolldown } from 'rolldown';
import { openDatabase } from '../../server/src/db/database';
import { CHROMIUM_LAUNCH_OPTIONS, TEST_CHROMIUM_LAUNCH_OPTIONS } from '../chromium';
import { benchApp, listen, seedBench } from './api-load';
import { signInThroughForm } from './sign-in';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Typed one letter at a time, as a person searching for magnesium would. */
const SEARCH_WORD = 'magnesio';
const RENDER_RUNS = 5;
const PAGE_SIZE = 24;
const CATALOGUE_PATH = '/co/herramientas';
const PATIENTS_PATH = '/co/mi-cuenta/mis-pacientes';
const BUILDER_PATH = '/co/mi-cuenta/prescripcion';
const lastCardOf = (page: Page): Locator => page.locator('article.product-card').nth(PAGE_SIZE - 1);
const listed = (page: Page): Locator => page.getByRole('table', { name: 'Tus pacientes' }).getByRole('link').first();
const choosable = (page: Page): Locator =>
  page.getByRole('list', { name: 'Tus pacientes' }).getByRole('button').first();

/** The same readiness as `lastCardOf`, `listed` and `choosable`, checked by the page itself (see `coldStart`). */
type InPageReadiness = 'cards' | 'patients-table' | 'patients-list';
const READY_MESSAGE = 'bench: ready';

/** What the page looks for, per readiness: the same elements as the locators above. */
const IN_PAGE_CHECKS: Record<InPageReadiness, string> = {
  cards: `document.querySelectorAll('article.product-card').length >= ${PAGE_SIZE}`,
  'patients-table': `[...document.querySelectorAll('table')].some((table) => table.caption?.textContent === 'Tus pacientes' && table.querySelector('a') !== null)`,
  'patients-list': `document.querySelector('ul[aria-label="Tus pacientes"] button') !== null`,
};

/**
 * Installed in the page before its own scripts: once the page holds the element its readiness names, and the next
 * frame has been produced, it says so on the console. Source text, not a function: the test runner's transform would
 * add helpers to a function's body that the page does not have.
 */
const announceReadiness = (readiness: InPageReadiness) => `{
  const observer = new MutationObserver(() => {
    if (!(${IN_PAGE_CHECKS[readiness]})) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => console.info(${JSON.stringify(READY_MESSAGE)}), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}`;

export interface BrowserFigures {
  products: number;
  firstPageMs: number[];
  serverSearchMs: number[];
  localSearchMs: number[];
  /** Repeat visit, offline, CPU throttled 4×: navigation until the 24th card is on screen (service worker on). */
  offlineRepeatMs: number[];
  /** The same for a doctor's 'Mis pacientes' (until a patient is listed) and the builder (until one can be chosen). */
  offlinePatientsMs: number[];
  offlineBuilderMs: number[];
  /**
   * Issue #17's cold start: the browser closed and opened again on the same profile, offline from its first request,
   * CPU throttled 4×; navigation until the same element as above. Nothing of the earlier pages is in memory: the
   * service worker starts from disk, and the scripts, IndexedDB and the answers are read from the profile.
   */
  coldCatalogueMs: number[];
  coldPatientsMs: number[];
  coldBuilderMs: number[];
}

const OFFLINE_RUNS = 5;
/** The answer cache is written to IndexedDB at most once a second. */
const PERSIST_SETTLE_MS = 1500;
/** Issue #8's benchmark: a mid-range phone is about four times slower than this machine. */
const CPU_THROTTLING_RATE = 4;

/** The storefront's own local search, bundled for the page: the figure is the real code's, run in Chromium. */
async function localSearchScript(): Promise<string> {
  const bundle = await rolldown({
    input: join(projectRoot, 'src/features/catalog/local-search.ts'),
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'iife', name: 'benchLocalSearch' });
  await bundle.close();
  return output[0].code;
}

/**
 * With `products` generated products: how long the catalogue's first page takes to show in Chromium (cold
 * context each run), and the time per keystroke of a search answered by the server (fetch to JSON in the page)
 * and answered on the device (the storefront's `searchLocally` over the whole catalogue, in the page).
 */
export async function benchCatalogueInBrowser(options: {
  distDir: string;
  assetsDir: string;
  products: number;
}): Promise<BrowserFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-browser-'));
  const database = await openDatabase({ dataDir });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  let listening: Awaited<ReturnType<typeof listen>> | undefined;
  try {
    await seedBench(database, options.products);
    const app = benchApp(database, { distDir: options.distDir, assetsDir: options.assetsDir, dataDir });
    listening = await listen(app.fetch);
    const origin = listening.origin;

    const firstPageMs: number[] = [];
    for (let run = 0; run < RENDER_RUNS; run += 1) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${origin}${CATALOGUE_PATH}`);
      await page
        .locator('article.product-card')
        .nth(PAGE_SIZE - 1)
        .waitFor();
      firstPageMs.push(performance.now() - started);
      await context.close();
    }

    // The local search is the storefront's code injected as a script tag, which the storefront's own CSP refuses.
    const context = await browser.newContext({ serviceWorkers: 'block', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${origin}${CATALOGUE_PATH}`);
    await page.locator('article.product-card').first().waitFor();
    const prefixes = Array.from({ length: SEARCH_WORD.length }, (_, index) => SEARCH_WORD.slice(0, index + 1));
    const serverSearchMs = await page.evaluate(async (words) => {
      const times: number[] = [];
      for (const word of words) {
        const started = performance.now();
        const answer = await fetch(`/api/products?search=${encodeURIComponent(word)}&limit=24&country_id=1`);
        await answer.json();
        times.push(performance.now() - started);
      }
      return times;
    }, prefixes);

    await page.addScriptTag({ content: await localSearchScript() });
    const localSearchMs = await page.evaluate(async (words) => {
      const answer = await fetch('/api/products?all=true&country_id=1');
      const { data } = (await answer.json()) as { data: unknown[] };
      const search = (
        window as unknown as { benchLocalSearch: { searchLocally: (p: unknown[], f: object) => unknown[] } }
      ).benchLocalSearch.searchLocally;
      search(data, {}); // The first call builds the per-product search texts, as the first render does.
      return words.map((word) => {
        const started = performance.now();
        search(data, { search: word, orderBy: 'name', order: 'asc' });
        return performance.now() - started;
      });
    }, prefixes);
    await context.close();
    const offlineRepeatMs = await offlineRepeatVisits(browser, origin);
    const { patientsMs, builderMs } = await offlineClinicVisits(browser, origin);
    const cold = await offlineColdStarts(origin);
    return {
      products: options.products,
      firstPageMs,
      serverSearchMs,
      localSearchMs,
      offlineRepeatMs,
      offlinePatientsMs: patientsMs,
      offlineBuilderMs: builderMs,
      coldCatalogueMs: cold.catalogueMs,
      coldPatientsMs: cold.patientsMs,
      coldBuilderMs: cold.builderMs,
    };
  } finally {
    await browser.close();
    if (listening) {
      await listening.idle();
      listening.server.close();
    }
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * A professional back in a clinic without connection: the catalogue was visited before (the service worker holds
 * the shell, the chunks and the catalogue's answers), the phone is offline and its CPU four times slower.
 */
async function offlineRepeatVisits(browser: Browser, origin: string): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const lastCard = lastCardOf(page);
    await page.goto(`${origin}${CATALOGUE_PATH}`);
    await lastCard.waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first load was not controlled by the service worker: one more visit fills its runtime caches.
    await page.reload();
    await lastCard.waitFor();
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    const times: number[] = [];
    for (let run = 0; run < OFFLINE_RUNS; run += 1) {
      const started = performance.now();
      await page.goto(`${origin}${CATALOGUE_PATH}`);
      await lastCard.waitFor();
      times.push(performance.now() - started);
    }
    return times;
  } finally {
    await context.close();
  }
}

async function logInDoctor(page: Page, origin: string): Promise<void> {
  await signInThroughForm(page, origin, 'co', 'medico.co@demo.test');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * The browser on a profile kept on disk, as a phone keeps the installed app's between launches. It is the headless
 * shell when installed (as in the end-to-end tests): the whole browser's start loads its own interface, the address
 * bar's suggestion list (`chrome://omnibox-popup.top-chrome`, a page of its own in another renderer), whose 1–2 s of
 * CPU on one of the two cores ran beside every measured start (session 24: the catalogue's cold start 3,981 ms in the
 * whole browser, about 2,100 in the shell, the same build). A phone's installed app has no such page, and the clock
 * here is meant to leave the browser's launch out.
 */
async function openProfile(profileDir: string, offline: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profileDir, {
    ...TEST_CHROMIUM_LAUNCH_OPTIONS,
    headless: true,
    serviceWorkers: 'allow',
    offline,
  });
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

/** The cold starts measured: each page, the profile it is opened on and the element that says it is ready. */
export const COLD_PAGES = [
  { label: 'catalogue', profile: 'visitor', path: CATALOGUE_PATH, ready: lastCardOf, readiness: 'cards' },
  { label: "'Mis pacientes'", profile: 'doctor', path: PATIENTS_PATH, ready: listed, readiness: 'patients-table' },
  { label: 'builder', profile: 'doctor', path: BUILDER_PATH, ready: choosable, readiness: 'patients-list' },
] as const;

export interface ColdProfiles {
  visitor: string;
  doctor: string;
  remove: () => Promise<void>;
}

/**
 * The profiles of issue #17's cold starts, as their users left them: the catalogue used online twice by a visitor,
 * 'Mis pacientes' and the builder twice by the demo doctor, then the browser closed.
 */
export async function prepareColdProfiles(origin: string): Promise<ColdProfiles> {
  const visitorDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-visitor-'));
  const doctorDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-doctor-'));
  const remove = async () => {
    await rm(visitorDir, { recursive: true, force: true });
    await rm(doctorDir, { recursive: true, force: true });
  };
  try {
    const visitor = await openProfile(visitorDir, false);
    for (let visit = 0; visit < 2; visit += 1) {
      await visitor.page.goto(`${origin}${CATALOGUE_PATH}`);
      await lastCardOf(visitor.page).waitFor();
      await visitor.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
    }
    await visitor.page.waitForTimeout(PERSIST_SETTLE_MS);
    await visitor.context.close();

    const doctor = await openProfile(doctorDir, false);
    await logInDoctor(doctor.page, origin);
    for (let visit = 0; visit < 2; visit += 1) {
      await doctor.page.goto(`${origin}${PATIENTS_PATH}`);
      await listed(doctor.page).waitFor();
      await doctor.page.goto(`${origin}${BUILDER_PATH}`);
      await choosable(doctor.page).waitFor();
    }
    await doctor.page.waitForTimeout(PERSIST_SETTLE_MS);
    await doctor.context.close();
    return { visitor: visitorDir, doctor: doctorDir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export interface ColdStart {
  ms: number;
  /** The page's own `performance.mark`s, in ms of its navigation (none unless a build adds some to look into). */
  marks: string[];
}

/**
 * One cold start: the browser opened again on `profileDir`, offline, CPU throttled 4×; the time from `goto` to the
 * frame after the ready element is in the page. The browser's own launch is not counted: the clock starts at the
 * navigation, as it does above. The page itself tells when it is ready (`announceReadiness`, on the console):
 * Playwright's locators would first compile its injected script in the page's new renderer, on the throttled main
 * thread in the middle of the start (90 ms of a traced catalogue start, session 24), then poll it. The locator then
 * confirms the element is shown.
 */
export async function coldStart(
  profileDir: string,
  url: string,
  { ready, readiness }: Pick<(typeof COLD_PAGES)[number], 'ready' | 'readiness'>,
): Promise<ColdStart> {
  const { context, page } = await openProfile(profileDir, true);
  try {
    await context.addInitScript({ content: announceReadiness(readiness) });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    let readyAt = Number.NaN;
    const announced = page.waitForEvent('console', {
      predicate: (message) => {
        if (message.text() !== READY_MESSAGE) return false;
        readyAt = performance.now();
        return true;
      },
    });
    const started = performance.now();
    await page.goto(url);
    await announced;
    const ms = readyAt - started;
    if (!(await ready(page).isVisible())) throw new Error(`${url}: the page said it was ready, but nothing is shown`);
    const marks = await page.evaluate(() =>
      performance.getEntriesByType('mark').map((mark) => `${mark.name} ${mark.startTime.toFixed(0)}`),
    );
    return { ms, marks };
  } finally {
    await context.close();
  }
}

/**
 * Issue #17, as its user lives it: the catalogue (a visitor) and a doctor's 'Mis pacientes' and builder were used
 * online; the browser is closed, and each run opens it again offline with the CPU throttled 4× and goes to the page.
 */
async function offlineColdStarts(
  origin: string,
): Promise<{ catalogueMs: number[]; patientsMs: number[]; builderMs: number[] }> {
  const profiles = await prepareColdProfiles(origin);
  try {
    const runs = async (coldPage: (typeof COLD_PAGES)[number]) => {
      const times: number[] = [];
      for (let run = 0; run < OFFLINE_RUNS; run += 1) {
        times.push((await coldStart(profiles[coldPage.profile], `${origin}${coldPage.path}`, coldPage)).ms);
      }
      return times;
    };
    const [catalogue, patients, builder] = COLD_PAGES;
    return { catalogueMs: await runs(catalogue), patientsMs: await runs(patients), builderMs: await runs(builder) };
  } finally {
    await profiles.remove();
  }
}

/** Issue #17: the same doctor in a clinic without connection, back on 'Mis pacientes' and the builder. */
async function offlineClinicVisits(
  browser: Browser,
  origin: string,
): Promise<{ patientsMs: number[]; builderMs: number[] }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logInDoctor(page, origin);
    const patientsPath = `${origin}${PATIENTS_PATH}`;
    const builderPath = `${origin}${BUILDER_PATH}`;
    // Online twice each (the first load is not under the service worker's control), then a moment for the answer
    // cache's throttled write to reach IndexedDB.
    for (let visit = 0; visit < 2; visit += 1) {
      await page.goto(patientsPath);
      await listed(page).waitFor();
      await page.goto(builderPath);
      await choosable(page).waitFor();
    }
    await page.waitForTimeout(PERSIST_SETTLE_MS);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
    const visit = async (path: string, ready: Locator) => {
      const times: number[] = [];
      for (let run = 0; run < OFFLINE_RUNS; run += 1) {
        const started = performance.now();
        await page.goto(path);
        await ready.waitFor();
        times.push(performance.now() - started);
      }
      return times;
    };
    return {
      patientsMs: await visit(patientsPath, listed(page)),
      builderMs: await visit(builderPath, choosable(page)),
    };
  } finally {
    await context.close();
  }
}
