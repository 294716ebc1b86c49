import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase } from '../../server/src/db/database';
import { precompressBuiltFiles } from '../../server/src/http/static-files';
import { CHROMIUM_LAUNCH_OPTIONS } from '../chromium';
import { benchApp, listen, seedBench, type Listening } from './api-load';

export interface LighthousePage {
  label: string;
  path: string;
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
  fcpMs: number;
  /** Failed audits of the three categories, by id, for the report. */
  failed: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarise({ categories, audits }: Report): Omit<LighthouseFigures, 'label' | 'path' | 'run' | 'load1'> {
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
  };
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
    const audit = async (page: LighthousePage, run: number) => {
      const result = await lighthouse(`${origin}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse no devolvió resultado para ${page.path}`);
      if (options.reportsDir) {
        await writeFile(join(options.reportsDir, `${page.label}-${run}.json`), JSON.stringify(result.lhr));
      }
      figures.push({ ...page, run, load1: loadavg()[0] ?? 0, ...summarise(result.lhr) });
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
