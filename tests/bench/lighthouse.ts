import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { openDatabase } from '../../server/src/db/database';
import { precompressBuiltFiles } from '../../server/src/http/static-files';
import { CHROMIUM_LAUNCH_OPTIONS } from '../chromium';
import { benchApp, listen, seedBench, type Listening } from './api-load';
import { signInThroughForm } from './sign-in';

export interface LighthousePage {
  label: string;
  path: string;
  /**
   * A demo user signed in before each audit of this page, through the sign-in form as a visitor does: the session
   * (its cookie and the page's stored state) is kept, the service worker, its caches and the HTTP cache are not.
   */
  signedInAs?: { country: string; email: string };
}

export interface LighthouseFigures {
  label: string;
  path: string;
  /** 1 for the first round over the pages, 2 for the second…; 0 for the warm-up audit, which counts for nothing. */
  run: number;
  /** The machine's 1-minute load average when the audit ended (2 cores, shared). */
  load1: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** TBT's rule applied to each task's thread CPU time instead of its wall-clock length: see `cpuBlockingMs`. */
  cpuTbtMs: number;
  fcpMs: number;
  /** Failed audits of the three categories, by id, for the report. */
  failed: string[];
  /** Lighthouse's runtime error when even the last attempt failed: the figures are then NaN and counted nowhere. */
  error?: string;
  /** The error codes of the attempts that were thrown away and made again (see `TRACE_RECORDING_FAILURES`). */
  retried: string[];
}

/**
 * Lighthouse's errors for a trace recorded without the page's start (its message: "something went wrong with
 * recording the trace"). On this loaded machine Chromium starts the page's renderer process (site isolation: the
 * `about:blank` Lighthouse starts from and the app are in different processes) and that process joins the trace only
 * after the navigation began: its first events are the document's response, with no `navigationStart`. Session 17
 * caught two such traces, of `/co` and `/co/herramientas`, at load 21; the blog pages had simply drawn it before.
 * It says nothing about the page, so such an audit is made again.
 */
const TRACE_RECORDING_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_DCL']);
/** Attempts per audit before its trace failure is reported instead of figures. */
const MAX_ATTEMPTS = 3;

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Lighthouse's mobile CPU slowdown and the length from which a task blocks (total blocking time's definition). */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

type Trace = Parameters<typeof TraceProcessor.processTrace>[0];

/**
 * Total blocking time counted on each main-thread task's CPU time (the trace's `tdur`) instead of its wall-clock
 * length: the tasks that start after the first contentful paint, each × 4 less 50 ms. Lighthouse's own TBT (simulated)
 * multiplies wall-clock lengths, which on a shared machine include the time the renderer waited for a core (at
 * load 20 the same page's TBT ran from 0.4 to 16 s); this figure leaves that out, so it is what TBT would be on an
 * idle machine, up to the simulation's own reordering, and is what to compare between builds on a loaded one.
 */
/** A task's thread CPU time (its complete event's `tdur`, µs), or its wall-clock length for an event without one. */
function threadMs({ event, duration }: { event: object; duration: number }): number {
  return 'tdur' in event && typeof event.tdur === 'number' ? event.tdur / 1000 : duration;
}

function cpuBlockingMs(trace: Trace): number {
  const processed = TraceProcessor.processTrace(trace);
  const { timings } = TraceProcessor.processNavigation(processed);
  const { mainThreadEvents, frames, timestamps } = processed;
  const tasks = MainThreadTasks.getMainThreadTasks(
    mainThreadEvents,
    frames,
    timestamps.traceEnd,
    timestamps.timeOrigin,
  );
  const fcpMs = timings.firstContentfulPaint ?? 0;
  return tasks
    .filter((task) => !task.parent && task.startTime >= fcpMs)
    .reduce((sum, task) => sum + Math.max(0, threadMs(task) * CPU_SLOWDOWN - BLOCKING_FROM_MS), 0);
}

function summarise({
  categories,
  audits,
  runtimeError,
}: Report): Omit<LighthouseFigures, 'label' | 'path' | 'run' | 'load1' | 'retried' | 'cpuTbtMs'> {
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const failed = CATEGORIES.flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}${category === 'performance' ? '' : `(${category.slice(0, 4)})`}`),
  );
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    failed,
    ...(runtimeError ? { error: runtimeError.code } : {}),
  };
}

/**
 * Signs `as` in through the sign-in form in the browser Lighthouse audits in (Playwright over its DevTools port), then
 * leaves only the session: the service worker is unregistered and its caches and the HTTP cache emptied, so the audit
 * downloads the page's code as a first visit does, signed in. Lighthouse's own storage reset is off for that audit.
 */
async function signIn(port: number, origin: string, as: { country: string; email: string }): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium sin contexto por defecto');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // What an earlier audit left (another user's session included).
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await signInThroughForm(page, origin, as.country, as.email);
    await page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    });
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Over a DevTools connection this only disconnects: the browser and its default context stay for Lighthouse.
    await browser.close();
  }
}

/**
 * Lighthouse (its default mobile config: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown) over the built
 * PWA served by the real app on a seeded PGlite, in Debian's Chromium with the same flags as the end-to-end tests.
 * Each page is audited as a first visit (Lighthouse resets storage), served as the app serves it (compressed).
 */
export async function benchLighthouse(options: {
  distDir: string;
  assetsDir: string;
  pages: (origin: string) => Promise<LighthousePage[]>;
  /** Rounds over all the pages, one after the other. */
  runs: number;
  /** When set, each audit's full report (JSON) is written there, to read its opportunities and diagnostics. */
  reportsDir?: string;
}): Promise<LighthouseFigures[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-lighthouse-'));
  const database = await openDatabase({ dataDir });
  const listening: Listening[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args],
    logLevel: 'silent',
  });
  try {
    await seedBench(database);
    const app = benchApp(database, { distDir: options.distDir, assetsDir: options.assetsDir, dataDir });
    // The server makes its brotli copies when it starts; the audits begin once they are made, as a visit a few
    // seconds after a deploy finds them (otherwise the first audit waits for the compression of the app chunk).
    await precompressBuiltFiles(options.distDir);
    const served = await listen(app.fetch);
    listening.push(served);
    const { origin } = served;

    const pages = await options.pages(origin);
    const figures: LighthouseFigures[] = [];
    if (options.reportsDir) await mkdir(options.reportsDir, { recursive: true });
    const attempt = async (page: LighthousePage) => {
      if (page.signedInAs) await signIn(chrome.port, origin, page.signedInAs);
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Lighthouse's storage reset would sign the user out; `signIn` emptied the caches itself.
        disableStorageReset: page.signedInAs !== undefined,
        // Lighthouse's reset leaves by default the cookies, IndexedDB and local storage: the query cache an earlier
        // audit persisted, or the signed-in doctor's cookie (whose prices the next round's pages then showed).
        clearStorageTypes: ['all'],
      });
      if (!result) throw new Error(`Lighthouse no devolvió resultado para ${page.path}`);
      return result;
    };
    const audit = async (page: LighthousePage, run: number) => {
      const retried: string[] = [];
      let { lhr, artifacts } = await attempt(page);
      while (
        lhr.runtimeError &&
        TRACE_RECORDING_FAILURES.has(lhr.runtimeError.code) &&
        retried.length + 1 < MAX_ATTEMPTS
      ) {
        retried.push(lhr.runtimeError.code);
        ({ lhr, artifacts } = await attempt(page));
      }
      const cpuTbtMs = lhr.runtimeError ? Number.NaN : cpuBlockingMs(artifacts.Trace);
      if (options.reportsDir) {
        await writeFile(join(options.reportsDir, `${page.label}-${run}.json`), JSON.stringify(lhr));
      }
      figures.push({
        label: page.label,
        path: page.path,
        run,
        load1: loadavg()[0] ?? 0,
        retried,
        cpuTbtMs,
        ...summarise(lhr),
      });
    };
    // The first audit in a freshly launched Chromium carries the browser's own start-up work in its trace (in our
    // runs its total blocking time was 150–350 ms above the same page's later audits): one warm-up audit of the first
    // page, reported apart and counted nowhere, then the rounds.
    const [first] = pages;
    if (first) await audit(first, 0);
    for (let run = 1; run <= options.runs; run++) {
      for (const page of pages) await audit(page, run);
    }
    return figures;
  } finally {
    chrome.kill();
    for (const { server, idle } of listening) {
      await idle();
      server.close();
    }
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
