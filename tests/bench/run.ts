// `npm run bench`: build time, initial JS per entry route, API load on PGlite (and PostgreSQL when DATABASE_URL is
// set), the catalogue in Chromium and Lighthouse over the main pages. Missed targets are reported, never turned
// into a failing exit code.
import { cpus } from 'node:os';
import { loadConfig } from '../../server/src/config';
import {
  benchDatabase,
  measureFloor,
  withThrowawayDatabase,
  type DatabaseRun,
  type LoadFigures,
  type LoadSettings,
  type Scenario,
} from './api-load';
import {
  buildWithManifest,
  FIRST_VISIT_DYNAMIC_SOURCES,
  measureFirstVisit,
  type BuildOutcome,
  type JsSet,
} from './bundle';
import { benchCatalogueInBrowser } from './browser';
import { benchInstances } from './instances';
import { benchServerMemory } from './memory';
import { benchLighthouse, type LighthouseFigures, type LighthousePage } from './lighthouse';

const INITIAL_JS_TARGET_KIB = 140;
/** The letter of each entry route in the chunk breakdown. */
const ROUTE_LETTERS: Readonly<Record<string, string>> = { home: 'H', catalogue: 'C', bag: 'B' };
/** Issue #18: all the JavaScript a first visit downloads, and the app shell's chunk alone. */
const FIRST_VISIT_JS_TARGET_KIB = 150;
const SHELL_JS_TARGET_KIB = 70;
const BENCH_PRODUCTS = 5000;
const settings: LoadSettings = {
  connections: positiveInteger(process.env.BENCH_CONNECTIONS, 10),
  durationS: positiveInteger(process.env.BENCH_DURATION, 10),
  warmupS: 2,
};

/** Issue #18: the public catalogue at a quarter of the floor and p99 ≤ 25 ms; a member's list at a tenth, ≤ 50 ms. */
const CATALOGUE_TARGET = { floorShare: 0.25, p99Ms: 25 };
const MEMBER_LIST_TARGET = { floorShare: 0.1, p99Ms: 50 };

const SCENARIOS: Scenario[] = [
  { name: 'list', path: '/api/products?limit=24&country_id=1', target: CATALOGUE_TARGET },
  { name: 'search', path: '/api/products?limit=24&country_id=1&search=magnesio', target: CATALOGUE_TARGET },
  {
    name: 'orders',
    path: '/api/orders?page=1',
    as: { country: 'co', email: 'paciente.co@demo.test' },
    target: MEMBER_LIST_TARGET,
  },
  {
    name: 'patients',
    path: '/api/patients?page=1',
    as: { country: 'co', email: 'medico.co@demo.test' },
    target: MEMBER_LIST_TARGET,
  },
];

interface RouteFigures {
  path: string;
  label: string;
  initial: JsSet;
  route: JsSet;
}

interface SummaryRow {
  figure: string;
  value: string;
  note: string;
}

const summary: SummaryRow[] = [];
/**
 * `BENCH_ONLY=lighthouse` skips the API load and the catalogue in Chromium (the build and the bundle sizes stay: the
 * audits need the build), so a Lighthouse measurement takes about a minute instead of five.
 */
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
/** `BENCH_ONLY=api`: the build, the bundle sizes and the API load only (the catalogue in Chromium and Lighthouse skipped). */
const ONLY_API = process.env.BENCH_ONLY === 'api';
/**
 * `BENCH_ONLY=browser`: the build, the bundle sizes and the catalogue in Chromium only, with the offline repeat visits
 * of the catalogue, 'Mis pacientes' and the builder (issues #8 and #17), in about a minute.
 */
const ONLY_BROWSER = process.env.BENCH_ONLY === 'browser';
/**
 * `BENCH_LIGHTHOUSE_RUNS`: how many times each page is audited (issue #18's targets are the median of 3); the report
 * gives the median and the spread. `BENCH_LIGHTHOUSE_RUNS=1` is the quick look.
 */
const LIGHTHOUSE_RUNS = positiveInteger(process.env.BENCH_LIGHTHOUSE_RUNS, 3);
let crashed = false;

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : fallback;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;
/** autocannon's latency histogram has a 1 ms resolution: faster answers land in the 0 bucket. */
const latency = (value: number) => (value < 1 ? '<1 ms' : ms(value));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** Plain-text table; `align` has one letter per column, `l` or `r` (numbers). */
function table(header: string[], rows: string[][], align: string, indent = '  '): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    indent +
    cells
      .map((cell, column) =>
        align[column] === 'r' ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), indent + widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function section(title: string) {
  console.info(`\n${title}\n${'='.repeat(title.length)}`);
}

function reportCrash(what: string, error: unknown) {
  crashed = true;
  console.error(`  !! ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  summary.push({ figure: what, value: 'CRASHED', note: 'see above' });
}

async function bundleSection(): Promise<BuildOutcome | undefined> {
  section('1. Production build');
  let outcome: BuildOutcome;
  try {
    outcome = await buildWithManifest();
  } catch (error) {
    reportCrash('production build', error);
    return undefined;
  }
  const when = outcome.built ? 'made now' : `reused: the end-to-end tests' build of these sources, ${outcome.builtAt}`;
  console.info(
    `  npm run build: ${ms(outcome.buildMs)} wall clock (${when}; lingui extract, the client build and the service\n` +
      '  worker build, into dist/ with the Vite manifest)',
  );
  summary.push({ figure: 'build', value: ms(outcome.buildMs), note: `wall clock, npm run build (${when})` });

  section('2. JavaScript per entry route');
  try {
    await routeSizes(outcome);
  } catch (error) {
    reportCrash('bundle sizes', error);
  }
  return outcome;
}

async function routeSizes({ manifest, outDir }: BuildOutcome) {
  const firstVisit = await measureFirstVisit(manifest, outDir);
  const { initial, shell, css } = firstVisit;
  const routes: RouteFigures[] = firstVisit.routes.map(({ route, js }) => ({ ...route, initial, route: js }));
  const targetBytes = INITIAL_JS_TARGET_KIB * 1024;

  console.info(
    '  Sizes in KiB (1 KiB = 1024 bytes); gzip = node:zlib gzipSync level 9 on each emitted file, summed.\n' +
      '  initial JS = the chunks index.html loads or modulepreloads + their static imports, recursively (what the\n' +
      '               page downloads before the app renders anything); the same entry serves every route.\n' +
      '  route JS   = initial JS + the lazy route chunk and its static imports + what every first visit imports\n' +
      `               lazily (${FIRST_VISIT_DYNAMIC_SOURCES.join(', ')})\n` +
      "               + the route's own messages (the home's catalogue) + the modules the router loads with it (the\n" +
      "               cards' controls, the home's tour), i.e. all the JS a first visit to that URL downloads\n" +
      '               (checked in a browser by tests/e2e/first-visit-downloads.spec.ts).\n',
  );
  console.info(
    table(
      [
        'route',
        'initial JS gzip',
        'raw',
        `target <= ${INITIAL_JS_TARGET_KIB} KiB`,
        'route JS gzip',
        'raw',
        'target',
        'chunks',
      ],
      routes.map((route) => [
        `${route.path} (${route.label})`,
        kib(route.initial.gzipBytes),
        kib(route.initial.bytes),
        route.initial.gzipBytes <= targetBytes ? 'met' : `MISSED by ${kib(route.initial.gzipBytes - targetBytes)}`,
        kib(route.route.gzipBytes),
        kib(route.route.bytes),
        targetNote(route.route.gzipBytes, FIRST_VISIT_JS_TARGET_KIB),
        String(route.route.chunks.length),
      ]),
      'lrrlrrlr',
    ),
  );
  console.info(
    `\n  App shell chunk (${shell.file}): ${kib(shell.gzipBytes)} gzip, ${kib(shell.bytes)} raw; ` +
      `target <= ${SHELL_JS_TARGET_KIB} KiB: ${targetNote(shell.gzipBytes, SHELL_JS_TARGET_KIB)}`,
  );

  const initialFiles = new Set(initial.chunks.map((chunk) => chunk.file));
  const allChunks = new Map(routes.flatMap((route) => route.route.chunks.map((chunk) => [chunk.file, chunk] as const)));
  console.info('\n  Chunk breakdown (I = initial JS; H / C / B = route JS of /co / /co/herramientas / /co/bolsa):');
  console.info(
    table(
      ['file', 'gzip', 'raw', 'in'],
      [...allChunks.values()]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((chunk) => [
          chunk.file,
          kib(chunk.gzipBytes),
          kib(chunk.bytes),
          initialFiles.has(chunk.file)
            ? ['I', ...routes.map((route) => ROUTE_LETTERS[route.label])].join(' ')
            : routes
                .filter((route) => route.route.chunks.some((own) => own.file === chunk.file))
                .map((route) => ROUTE_LETTERS[route.label])
                .join(' '),
        ]),
      'lrrl',
      '    ',
    ),
  );
  if (css.length > 0) {
    const cssGzip = css.reduce((sum, file) => sum + file.gzipBytes, 0);
    console.info(`\n  Not counted above: entry CSS ${css.map((file) => file.file).join(', ')} = ${kib(cssGzip)} gzip.`);
  }

  for (const route of routes) {
    summary.push({
      figure: `initial JS ${route.path}`,
      value: `${kib(route.initial.gzipBytes)} gz`,
      note: `target <= ${INITIAL_JS_TARGET_KIB} KiB: ${route.initial.gzipBytes <= targetBytes ? 'met' : 'MISSED'}`,
    });
    summary.push({
      figure: `route JS ${route.path}`,
      value: `${kib(route.route.gzipBytes)} gz`,
      note: `initial + route + es messages (Dexie only once something is stored); target <= ${FIRST_VISIT_JS_TARGET_KIB} KiB: ${targetNote(route.route.gzipBytes, FIRST_VISIT_JS_TARGET_KIB)}`,
    });
  }
  summary.push({
    figure: 'app shell chunk',
    value: `${kib(shell.gzipBytes)} gz`,
    note: `target <= ${SHELL_JS_TARGET_KIB} KiB: ${targetNote(shell.gzipBytes, SHELL_JS_TARGET_KIB)}`,
  });
}

function targetNote(bytes: number, targetKib: number): string {
  return bytes <= targetKib * 1024 ? 'met' : `MISSED by ${kib(bytes - targetKib * 1024)}`;
}

const LOAD_ALIGN = 'lrrrrrrrr';
const loadHeader = ['scenario', 'payload', 'total', 'req/s', 'p50', 'p99', 'requests', 'errors', 'non-2xx'];

function loadRow(name: string, payloadBytes: number, total: string, load: LoadFigures): string[] {
  return [
    name,
    `${count(payloadBytes)} B`,
    total,
    count(load.requestsPerS),
    latency(load.p50Ms),
    latency(load.p99Ms),
    count(load.requests),
    count(load.errors),
    count(load.non2xx),
  ];
}

function loadNote(load: LoadFigures): string {
  const problems = load.errors + load.non2xx;
  return `p50 ${latency(load.p50Ms)}, p99 ${latency(load.p99Ms)}${problems > 0 ? `, ${count(problems)} errors/non-2xx` : ''}`;
}

async function databaseSection(label: string, distDir: string, databaseUrl?: string): Promise<DatabaseRun> {
  const run = await benchDatabase({
    databaseUrl,
    products: BENCH_PRODUCTS,
    distDir,
    assetsDir: loadConfig({}).assetsDir,
    scenarios: SCENARIOS,
    settings,
  });
  console.info(
    `\n  ${label}: ${count(BENCH_PRODUCTS)} generated products added in ${ms(run.seedMs)} on top of the seeded ` +
      `catalogue;\n  the seed refreshes planner statistics (ANALYZE) as the app does after every bulk load.`,
  );
  console.info(
    table(
      loadHeader,
      run.outcomes.map((outcome) =>
        loadRow(outcome.scenario.name, outcome.payload.bytes, count(outcome.total), outcome.load),
      ),
      LOAD_ALIGN,
    ),
  );
  if (run.autoAnalyzed.length > 0) {
    console.info(
      `  Note: autovacuum analysed ${run.autoAnalyzed.join(', ')} during the run; plans may have changed mid-bench.`,
    );
  }
  return run;
}

/** The floor of each scenario's payload, measured once after the PGlite run. */
const floors = new Map<string, LoadFigures>();

/** Each scenario's figure beside its target: the share of its floor and the p99. */
function pushApiSummary(label: string, run: DatabaseRun) {
  for (const { scenario, load } of run.outcomes) {
    const floor = floors.get(scenario.name);
    const share = floor ? load.requestsPerS / floor.requestsPerS : undefined;
    const met =
      share !== undefined &&
      share >= scenario.target.floorShare &&
      load.p99Ms <= scenario.target.p99Ms &&
      load.errors + load.non2xx === 0;
    const shareText = share === undefined ? 'floor not measured' : `${Math.round(share * 100)} % of the floor`;
    summary.push({
      figure: `API ${scenario.name} ${label}`,
      value: `${count(load.requestsPerS)} req/s`,
      note:
        `${shareText}, ${loadNote(load)}; target >= ${Math.round(scenario.target.floorShare * 100)} %, ` +
        `p99 <= ${scenario.target.p99Ms} ms: ${met ? 'met' : 'MISSED'}`,
    });
  }
}

async function apiSection(distDir: string) {
  section('3. API load');
  console.info(
    `  autocannon, ${settings.connections} connections, ${settings.durationS} s per scenario after a ${settings.warmupS} s warm-up,\n` +
      '  load generated in a worker thread; the real Hono app (createApp) runs in this process on 127.0.0.1.\n' +
      '  total = products matching the query (the JSON `total`); p50/p99 = latency of 2xx answers (1 ms\n' +
      '  resolution); errors = connection errors and timeouts; non-2xx = answers with another status.\n' +
      SCENARIOS.map((scenario) => `  ${scenario.name.padEnd(7)} GET ${scenario.path}`).join('\n'),
  );

  let pglite: DatabaseRun | undefined;
  try {
    pglite = await databaseSection('PGlite', distDir);
  } catch (error) {
    reportCrash('API load on PGlite', error);
  }

  if (pglite) {
    try {
      const rows: string[][] = [];
      for (const outcome of pglite.outcomes) {
        const load = await measureFloor(outcome.payload, settings);
        floors.set(outcome.scenario.name, load);
        rows.push(loadRow(`${outcome.scenario.name} floor`, outcome.payload.bytes, '-', load));
        summary.push({
          figure: `floor ${outcome.scenario.name}`,
          value: `${count(load.requestsPerS)} req/s`,
          note: loadNote(load),
        });
      }
      console.info(
        '\n  Floor: the same JSON bytes served from memory by a bare Hono route on @hono/node-server (another port,\n' +
          '  same process; no database, query parsing or serialisation) = the framework/network floor, the best any\n' +
          '  endpoint of this stack can do here. Measured once: it does not depend on the database.',
      );
      console.info(table(loadHeader, rows, LOAD_ALIGN));
    } catch (error) {
      reportCrash('floor', error);
    }
  }

  if (pglite) pushApiSummary('PGlite', pglite);
  try {
    await memorySection('PGlite', PGLITE_RSS_TARGET_MB);
  } catch (error) {
    reportCrash('server memory on PGlite', error);
  }

  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.info('\n  PostgreSQL: skipped (set DATABASE_URL to also bench PostgreSQL).');
    summary.push({ figure: 'API PostgreSQL', value: 'skipped', note: 'DATABASE_URL not set' });
    return;
  }
  try {
    const { name, result } = await withThrowawayDatabase(baseUrl, (databaseUrl) =>
      databaseSection('PostgreSQL', distDir, databaseUrl),
    );
    console.info(`  (throwaway database ${name} on ${serverOf(baseUrl)}, dropped afterwards)`);
    pushApiSummary('PostgreSQL', result);
  } catch (error) {
    reportCrash('API load on PostgreSQL', error);
  }
  try {
    await withThrowawayDatabase(baseUrl, (databaseUrl) =>
      memorySection('PostgreSQL', POSTGRES_RSS_TARGET_MB, databaseUrl),
    );
  } catch (error) {
    reportCrash('server memory on PostgreSQL', error);
  }
  try {
    await instancesSection(baseUrl);
  } catch (error) {
    reportCrash('API load with several instances', error);
  }
}

/** Issue #18: the server's resident memory, idle and under load, with PGlite in the process or PostgreSQL apart. */
const PGLITE_RSS_TARGET_MB = 350;
const POSTGRES_RSS_TARGET_MB = 200;
/** Issue #18's "after 8 s of catalogue load". */
const MEMORY_LOAD_S = 8;

async function memorySection(label: string, targetMb: number, databaseUrl?: string) {
  const [list] = SCENARIOS;
  if (!list) return;
  const figures = await benchServerMemory({
    databaseUrl,
    products: BENCH_PRODUCTS,
    path: list.path,
    durationS: MEMORY_LOAD_S,
    connections: settings.connections,
  });
  const mb = (value: number) => `${Math.round(value)} MB`;
  console.info(
    `\n  Server memory, ${label}: the production server (server/dist/main.js) in its own process, resident size\n` +
      `  (VmRSS) idle after start-up, the most read during ${MEMORY_LOAD_S} s of ${settings.connections} connections on ` +
      `the list, and after it:\n  idle ${mb(figures.idleMb)}, peak ${mb(figures.peakMb)}, after ${mb(figures.afterMb)}.`,
  );
  const met = figures.peakMb <= targetMb;
  summary.push({
    figure: `server RSS ${label}`,
    value: `${mb(figures.idleMb)} / ${mb(figures.peakMb)}`,
    note: `idle / peak under load (after: ${mb(figures.afterMb)}); target <= ${targetMb} MB: ${met ? 'met' : 'MISSED'}`,
  });
}

/** Issue #21: one and three instances of the production server on one PostgreSQL database. */
const INSTANCE_COUNTS = [1, 3] as const;

async function instancesSection(baseUrl: string) {
  const [list] = SCENARIOS;
  if (!list) return;
  const { name, result } = await withThrowawayDatabase(baseUrl, (databaseUrl) =>
    benchInstances({ databaseUrl, products: BENCH_PRODUCTS, path: list.path, counts: INSTANCE_COUNTS, settings }),
  );
  console.info(
    `\n  Several instances (issue #21): the production bundle (server/dist/main.js), one process per instance, on one\n` +
      `  PostgreSQL database (${name} on ${serverOf(baseUrl)}, dropped afterwards), behind the round-robin proxy of\n` +
      `  server/test/three-instances.test.ts, in this process; GET ${list.path}. The proxy, autocannon and the\n` +
      `  instances share this machine's cores: with two cores, more instances than cores compete for them.`,
  );
  console.info(
    table(
      [...loadHeader, 'answers per instance'],
      result.map((figure) => {
        const [scenario, , , ...load] = loadRow(
          `${figure.instances} instance${figure.instances === 1 ? '' : 's'}`,
          0,
          '-',
          figure.load,
        );
        return [scenario ?? '', '-', '-', ...load, figure.served.join(' / ')];
      }),
      `${LOAD_ALIGN}r`,
    ),
  );
  for (const figure of result) {
    summary.push({
      figure: `API list, ${figure.instances} instance${figure.instances === 1 ? '' : 's'} (PostgreSQL)`,
      value: `${count(figure.load.requestsPerS)} req/s`,
      note: loadNote(figure.load),
    });
  }
}

/** Host and port only: the URL may carry a password. */
const serverOf = (url: string) => new URL(url).host;

const LOCAL_SEARCH_TARGET_MS = 16;
/** Issue #8: a repeat visit offline on a throttled phone shows the catalogue within a second. */
const OFFLINE_REPEAT_TARGET_MS = 1000;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** A row of an offline repeat visit: p50, max and whether the p50 meets the target. */
function offlineRow(figure: string, times: number[]): string[] {
  const p50 = percentile(times, 0.5);
  return [
    figure,
    ms(p50),
    ms(Math.max(...times)),
    `<= ${OFFLINE_REPEAT_TARGET_MS} ms: ${p50 <= OFFLINE_REPEAT_TARGET_MS ? 'met' : 'MISSED'}`,
  ];
}

async function browserSection(distDir: string) {
  section('4. Catalogue in Chromium');
  try {
    const figures = await benchCatalogueInBrowser({
      distDir,
      assetsDir: loadConfig({}).assetsDir,
      products: BENCH_PRODUCTS,
    });
    const oneDecimal = (value: number) => `${value.toFixed(1)} ms`;
    console.info(
      `  ${count(figures.products)} generated products on PGlite; Debian Chromium headless; no service worker but for the offline repeat visit.\n` +
        '  first page = navigation until the 24th card is in the DOM (fresh context each run);\n' +
        `  per keystroke = each prefix of "magnesio": server = fetch + JSON in the page; local = the storefront's\n` +
        '  searchLocally over the whole catalogue in the page (what answers offline);\n' +
        '  offline repeat visit = service worker on, after two online visits, offline, CPU throttled 4x (CDP):\n' +
        "  navigation until the 24th card is in the DOM; 'Mis pacientes' and the builder the same for a logged-in\n" +
        '  doctor, until the first patient is listed or can be chosen;\n' +
        '  cold start = the same pages after the browser was closed: each run opens it again on the same profile,\n' +
        '  offline from its first request, CPU throttled 4x (the launch itself is not counted).',
    );
    console.info(
      table(
        ['figure', 'p50', 'max', 'target'],
        [
          ['first page', ms(percentile(figures.firstPageMs, 0.5)), ms(Math.max(...figures.firstPageMs)), '-'],
          [
            'server search / key',
            oneDecimal(percentile(figures.serverSearchMs, 0.5)),
            oneDecimal(Math.max(...figures.serverSearchMs)),
            '-',
          ],
          [
            'local search / key',
            oneDecimal(percentile(figures.localSearchMs, 0.5)),
            oneDecimal(Math.max(...figures.localSearchMs)),
            `<= ${LOCAL_SEARCH_TARGET_MS} ms: ${Math.max(...figures.localSearchMs) <= LOCAL_SEARCH_TARGET_MS ? 'met' : 'MISSED'}`,
          ],
          offlineRow('offline repeat visit, CPU 4×', figures.offlineRepeatMs),
          offlineRow('Mis pacientes offline, CPU 4×', figures.offlinePatientsMs),
          offlineRow('builder offline, CPU 4×', figures.offlineBuilderMs),
          offlineRow('catalogue cold start, CPU 4×', figures.coldCatalogueMs),
          offlineRow('Mis pacientes cold start, CPU 4×', figures.coldPatientsMs),
          offlineRow('builder cold start, CPU 4×', figures.coldBuilderMs),
        ],
        'lrrr',
      ),
    );
    summary.push(
      { figure: 'catalogue first page', value: ms(percentile(figures.firstPageMs, 0.5)), note: 'Chromium, p50' },
      {
        figure: 'local search / key',
        value: oneDecimal(Math.max(...figures.localSearchMs)),
        note: `max; target <= ${LOCAL_SEARCH_TARGET_MS} ms`,
      },
      {
        figure: 'server search / key',
        value: oneDecimal(percentile(figures.serverSearchMs, 0.5)),
        note: 'p50, fetch + JSON',
      },
      {
        figure: 'catalogue offline, CPU 4×',
        value: ms(percentile(figures.offlineRepeatMs, 0.5)),
        note: `p50 repeat visit; target <= ${OFFLINE_REPEAT_TARGET_MS} ms`,
      },
      {
        figure: 'Mis pacientes offline, CPU 4×',
        value: ms(percentile(figures.offlinePatientsMs, 0.5)),
        note: `p50 repeat visit; target <= ${OFFLINE_REPEAT_TARGET_MS} ms`,
      },
      {
        figure: 'builder offline, CPU 4×',
        value: ms(percentile(figures.offlineBuilderMs, 0.5)),
        note: `p50 repeat visit; target <= ${OFFLINE_REPEAT_TARGET_MS} ms`,
      },
      ...(
        [
          ['catalogue cold start, CPU 4×', figures.coldCatalogueMs],
          ['Mis pacientes cold start, CPU 4×', figures.coldPatientsMs],
          ['builder cold start, CPU 4×', figures.coldBuilderMs],
        ] as const
      ).map(([figure, times]) => ({
        figure,
        value: ms(percentile(times, 0.5)),
        note: `p50, browser reopened offline; target <= ${OFFLINE_REPEAT_TARGET_MS} ms`,
      })),
    );
  } catch (error) {
    reportCrash('catalogue in Chromium', error);
  }
}

const LIGHTHOUSE_TARGETS = { accessibility: 100, bestPractices: 100, cls: 0.1 };
/** Issue #18: every audited page, on the median of its runs. */
const LIGHTHOUSE_PAGE_TARGETS = { performance: 95, tbtMs: 150 };

/**
 * Issue #18's pages: home, catalogue, a product (the first of the list), the blog and an article, the bag (empty, as
 * a first visit finds it) — first visits — and a professional's page signed in, the prescription builder.
 */
async function lighthousePages(origin: string): Promise<LighthousePage[]> {
  const answer = await fetch(`${origin}/api/products?limit=1&country_id=1`);
  const { data } = (await answer.json()) as { data: { slug: string }[] };
  const product = data[0]?.slug;
  return [
    { label: 'home', path: '/co' },
    { label: 'catalogue', path: '/co/herramientas' },
    ...(product ? [{ label: 'product', path: `/co/herramientas/${product}` }] : []),
    { label: 'articles', path: '/co/articulos' },
    { label: 'article', path: '/co/articulos/eje-intestino-cerebro' },
    { label: 'bag', path: '/co/bolsa' },
    {
      label: 'prescription',
      path: '/co/mi-cuenta/prescripcion',
      signedInAs: { country: 'co', email: 'medico.co@demo.test' },
    },
  ];
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** `median (min–max)` when there were several runs, the value alone otherwise. */
function spread(values: number[], format: (value: number) => string): string {
  if (values.length === 1) return format(values[0] ?? 0);
  return `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

/** Home's targets besides the performance every page is held to (on its median): met in this run? */
function meetsHomeTargets(figure: LighthouseFigures): boolean {
  return (
    figure.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
    figure.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
    figure.cls <= LIGHTHOUSE_TARGETS.cls
  );
}

/** The audit's figures, or the error Lighthouse gave instead of them. */
function auditRow(figure: LighthouseFigures): string[] {
  const retried = figure.retried.length > 0 ? `retried after ${figure.retried.join(', ')}; ` : '';
  const scores = figure.error
    ? [figure.error, '-', '-', '-', '-', '-', '-', '-']
    : [
        String(figure.performance),
        String(figure.accessibility),
        String(figure.bestPractices),
        ms(figure.fcpMs),
        ms(figure.lcpMs),
        ms(figure.tbtMs),
        ms(figure.cpuTbtMs),
        figure.cls.toFixed(3),
      ];
  return [
    figure.run === 0 ? 'warm-up' : String(figure.run),
    `${figure.path} (${figure.label})`,
    ...scores,
    figure.load1.toFixed(2),
    retried + (figure.failed.join(' ') || '-'),
  ];
}

async function lighthouseSection(distDir: string) {
  section('5. Lighthouse (mobile)');
  try {
    const audits = await benchLighthouse({
      distDir,
      assetsDir: loadConfig({}).assetsDir,
      pages: lighthousePages,
      runs: LIGHTHOUSE_RUNS,
      reportsDir: process.env.BENCH_LIGHTHOUSE_REPORTS,
    });
    console.info(
      '  Lighthouse default mobile config (simulated slow 4G, 4x CPU slowdown), Debian Chromium headless, first visit\n' +
        '  (storage reset; the builder signed in, its caches emptied), seeded PGlite, served as the app serves them\n' +
        '  (brotli files, gzip JSON).\n' +
        `  Targets (issue #18), every page, median of the runs: performance >= ${LIGHTHOUSE_PAGE_TARGETS.performance}, ` +
        `TBT <= ${LIGHTHOUSE_PAGE_TARGETS.tbtMs} ms.\n` +
        `  Home also: accessibility ${LIGHTHOUSE_TARGETS.accessibility}, best practices ` +
        `${LIGHTHOUSE_TARGETS.bestPractices}, CLS <= ${LIGHTHOUSE_TARGETS.cls}, in each run.\n` +
        `  A warm-up audit of home (run 0: the browser's own start-up lands in the first trace), counted nowhere, then\n` +
        `  ${LIGHTHOUSE_RUNS} run(s) over the pages; load = the machine's 1-minute load average after each audit. An\n` +
        `  audit whose trace lost the page's start (NO_NAVSTART…) is made again, at most twice.\n` +
        `  TBT CPU = TBT's rule (each task × 4, less 50 ms, after FCP) on the tasks' thread CPU time instead of their\n` +
        `  wall-clock length, which on a loaded machine includes waiting for a core: compare builds on it.`,
    );
    console.info(
      table(
        ['run', 'page', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'TBT CPU', 'CLS', 'load', 'audits below 100'],
        audits.map(auditRow),
        'rlrrrrrrrrrl',
      ),
    );
    const figures = audits.filter((figure) => figure.run > 0 && !figure.error);
    const paths = [...new Set(audits.filter((figure) => figure.run > 0).map((figure) => figure.path))];
    const pages = paths.map((path) => ({ path, runs: figures.filter((figure) => figure.path === path) }));
    const of = (
      runs: LighthouseFigures[],
      value: (figure: LighthouseFigures) => number,
      format: (n: number) => string,
    ) => spread(runs.map(value), format);
    console.info(`\n  Median (min–max) of each page's runs:`);
    console.info(
      table(
        ['page', 'runs', 'perf', 'a11y', 'best pr.', 'FCP', 'LCP', 'TBT', 'TBT CPU', 'CLS'],
        pages
          .filter(({ runs }) => runs.length > 0)
          .map(({ runs }) => [
            `${runs[0]?.path} (${runs[0]?.label})`,
            String(runs.length),
            of(runs, (figure) => figure.performance, String),
            of(runs, (figure) => figure.accessibility, String),
            of(runs, (figure) => figure.bestPractices, String),
            of(runs, (figure) => figure.fcpMs, ms),
            of(runs, (figure) => figure.lcpMs, ms),
            of(runs, (figure) => figure.tbtMs, ms),
            of(runs, (figure) => figure.cpuTbtMs, ms),
            of(
              runs,
              (figure) => figure.cls,
              (value) => value.toFixed(3),
            ),
          ]),
        'lrrrrrrrrr',
      ),
    );
    for (const { path, runs } of pages) {
      const [first] = runs;
      if (!first) {
        summary.push({ figure: `Lighthouse ${path}`, value: 'no audit', note: 'every run failed: see above' });
        continue;
      }
      const performance = median(runs.map((figure) => figure.performance));
      const tbtMs = median(runs.map((figure) => figure.tbtMs));
      const cpuTbtMs = median(runs.map((figure) => figure.cpuTbtMs));
      const met =
        performance >= LIGHTHOUSE_PAGE_TARGETS.performance && tbtMs <= LIGHTHOUSE_PAGE_TARGETS.tbtMs ? 'met' : 'MISSED';
      const homeMet = runs.filter(meetsHomeTargets).length;
      summary.push({
        figure: `Lighthouse ${path}`,
        value: `${performance} / ${ms(tbtMs)}`,
        note:
          `median perf / TBT of ${runs.length}; targets >= ${LIGHTHOUSE_PAGE_TARGETS.performance} / ` +
          `<= ${LIGHTHOUSE_PAGE_TARGETS.tbtMs} ms: ${met}; TBT on CPU time ${ms(cpuTbtMs)}` +
          (first.label === 'home'
            ? `; a11y, best practices and CLS met in ${homeMet}/${runs.length} run(s)${homeMet === runs.length ? '' : ': MISSED'}`
            : ''),
      });
    }
  } catch (error) {
    reportCrash('Lighthouse', error);
  }
}

function summarySection() {
  section('6. Summary');
  console.info(
    table(
      ['figure', 'value', 'note'],
      summary.map((row) => [row.figure, row.value, row.note]),
      'lrl',
    ),
  );
}

async function main() {
  const cpu = cpus();
  console.info(
    `Dispensario Funcional benchmark · node ${process.version} · ${process.platform}/${process.arch} · ` +
      `${cpu.length} CPU ${cpu[0]?.model.trim() ?? ''}`,
  );
  const startedAt = performance.now();
  const built = await bundleSection();
  if (built) {
    if (ONLY_LIGHTHOUSE) {
      console.info('\nBENCH_ONLY=lighthouse: API load and catalogue in Chromium skipped.');
    } else if (ONLY_API) {
      await apiSection(built.outDir);
      console.info('\nBENCH_ONLY=api: the catalogue in Chromium and Lighthouse skipped.');
    } else if (ONLY_BROWSER) {
      await browserSection(built.outDir);
      console.info('\nBENCH_ONLY=browser: the API load and Lighthouse skipped.');
    } else {
      await apiSection(built.outDir);
      await browserSection(built.outDir);
    }
    if (!ONLY_API && !ONLY_BROWSER) await lighthouseSection(built.outDir);
  }
  summarySection();
  console.info(`\nBench finished in ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);
}

try {
  await main();
} catch (error) {
  crashed = true;
  console.error(error);
}
// Open handles (worker pools, PGlite) must not keep the process alive; only a crash makes the exit code non-zero.
process.exit(crashed ? 1 : 0);
