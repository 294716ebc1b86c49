// `npm test`: every layer of the suite, using both cores, with one summary line per layer at the end so a failure and
// its layer are in the last lines of the output. Each layer can still be run alone (`npm run typecheck`, `lint`,
// `test:unit`, `test:server`, `test:e2e`).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { COVERAGE_FLOORS, COVERED_BY, layerFiles, type CoverageFloor, type CoverageLayer } from './coverage-layers';
import { prepareTemplate, TEMPLATE_ENV } from './e2e/support/server';
import { ensureSharedBuild, type SharedBuild } from './shared-build';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Outcome {
  layer: string;
  ok: boolean;
  ms: number;
  /** Tests counted by the layer's runner; the static checks have none. */
  counts?: Counts;
  failures?: Failure[];
  detail: string;
}

interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Incremental caches of tsc, ESLint and Prettier: a second run on the same checkout only re-checks what changed. */
const CACHE_DIR = 'node_modules/.cache';
const TYPECHECK_PROJECTS = ['tsconfig.app.json', 'sw/tsconfig.json', 'server/tsconfig.json', 'tsconfig.node.json'];

/** Failed tests named just above the summary; any more are in the log further up. */
const MAX_FAILURES_LISTED = 15;

const bin = (name: string) => join('node_modules', '.bin', name);
/**
 * TypeScript 7, the native compiler, checks the types: the same four projects in 12 s where TypeScript 6 took 72 s on
 * this machine. TypeScript 6 stays the `typescript` package for the tools that use its JavaScript interface (ESLint's
 * parser, Lingui, Vite's plugins); both install a `tsc` command, so this one is named by its path.
 */
const NATIVE_TSC = join('node_modules', 'typescript-native', 'bin', 'tsc');

/**
 * Runs one command. Steps that run beside others keep their output until they end, so the log reads one step at a
 * time; a step that runs alone streams it.
 */
function run(step: Step, buffered: boolean): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code) => {
      if (buffered) {
        process.stdout.write(`\n::: ${step.label}\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ ok: code === 0, ms: performance.now() - started });
    });
    child.on('error', (error) => {
      process.stdout.write(`::: ${step.label}: ${error.message}\n`);
      resolve({ ok: false, ms: performance.now() - started });
    });
  });
}

async function timed(task: () => Promise<SharedBuild>): Promise<{ ok: boolean; ms: number; shared?: SharedBuild }> {
  const started = performance.now();
  try {
    const shared = await task();
    return { ok: true, ms: performance.now() - started, shared };
  } catch (error) {
    process.stdout.write(`::: build: ${error instanceof Error ? error.message : String(error)}\n`);
    return { ok: false, ms: performance.now() - started };
  }
}

/** Runs steps one after the other: all of them, so one run reports every failing project or check. */
async function runChain(steps: Step[]): Promise<{ ok: boolean; ms: number }> {
  let ms = 0;
  let ok = true;
  for (const step of steps) {
    const result = await run(step, true);
    ms += result.ms;
    ok &&= result.ok;
  }
  return { ok, ms };
}

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A failed test, named so that the tail of the output says which one and why (CI shows only the tail). */
interface Failure {
  name: string;
  reason: string;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

const firstLine = (text: string | undefined) => (text ?? '').trim().split('\n')[0]?.slice(0, 300) ?? '';

/** Vitest's JSON report (`--reporter=json`): the counts, and each failed test or file (a hook's failure fails a file). */
async function vitestResults(path: string): Promise<{ counts: Counts; failures: Failure[] } | undefined> {
  const report = (await readJson(path)) as VitestReport | undefined;
  if (!report) return undefined;
  const failures = report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [{ name: where, reason: firstLine(file.message) }];
    return failed.map((test) => ({ name: `${where} › ${test.fullName}`, reason: firstLine(test.failureMessages[0]) }));
  });
  return {
    counts: {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
}

/** Playwright's JSON report: with retries at 0, a flaky test cannot exist, so `unexpected` counts every failure. */
async function playwrightResults(path: string): Promise<{ counts: Counts; failures: Failure[] } | undefined> {
  const report = (await readJson(path)) as
    | { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] }
    | undefined;
  if (!report) return undefined;
  const failures: Failure[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results.find((result) => result.error)?.error;
        failures.push({
          name: `[${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
          reason: firstLine(error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { counts: { passed: expected, failed: unexpected + flaky, skipped }, failures };
}

type VitestRun = keyof typeof COVERED_BY;

/** The projects of each of `npm test`'s Vitest runs (vitest.config.ts). */
const VITEST_RUNS: Record<VitestRun, { label: string; projects: string[] }> = {
  web: { label: 'unit and component tests', projects: ['web', 'web-isolated'] },
  server: { label: 'server tests', projects: ['server'] },
};

const vitestReport = (reports: string, run: VitestRun) => join(reports, `${run}.json`);
const coverageReport = (reports: string, run: VitestRun) => join(reports, `coverage-${run}`);

/** A Vitest run, writing under `reports` its JSON report (the counts) and its coverage summary (the floors). */
function vitestStep(run: VitestRun, reports: string): Step {
  return {
    label: VITEST_RUNS[run].label,
    command: bin('vitest'),
    args: [
      'run',
      ...VITEST_RUNS[run].projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport(reports, run)}`,
      ...coverageArgs(run, coverageReport(reports, run)),
    ],
  };
}

type CoverageMetric = keyof CoverageFloor;
const COVERAGE_METRICS: CoverageMetric[] = ['lines', 'branches', 'functions'];

/** Vitest's `json-summary` coverage report: covered and total counts per file, by absolute path. */
type CoverageSummary = Record<string, Record<CoverageMetric, { covered: number; total: number }>>;

/**
 * Coverage measured in a Vitest run of `npm test`, for the layers it covers: `--coverage` with only those layers'
 * files, and the summary written where run-tests reads it. The floors themselves are Vitest's (vitest.config.ts).
 */
function coverageArgs(run: VitestRun, directory: string): string[] {
  return [
    '--coverage',
    ...COVERED_BY[run].map((layer) => `--coverage.include=${layerFiles(layer)}`),
    `--coverage.reportsDirectory=${directory}`,
  ];
}

/** One summary row per layer: each metric against its floor. */
async function coverageOutcomes(run: VitestRun, directory: string): Promise<Outcome[]> {
  const summary = (await readJson(join(directory, 'coverage-summary.json'))) as CoverageSummary | undefined;
  return COVERED_BY[run].map((layer: CoverageLayer) => {
    if (!summary) return { layer: 'coverage', ok: false, ms: 0, detail: `${layer}: no report` };
    const files = Object.entries(summary).filter(([path]) => relative(process.cwd(), path).startsWith(`${layer}/`));
    const floors = COVERAGE_FLOORS[layer];
    let ok = true;
    const figures = COVERAGE_METRICS.map((metric) => {
      const covered = files.reduce((sum, [, counts]) => sum + counts[metric].covered, 0);
      const total = files.reduce((sum, [, counts]) => sum + counts[metric].total, 0);
      const percent = total === 0 ? 100 : (100 * covered) / total;
      ok &&= percent >= floors[metric];
      return `${metric} ${percent.toFixed(1)} % (floor ${floors[metric]})`;
    });
    return { layer: 'coverage', ok, ms: 0, detail: `${layer}: ${figures.join(', ')}` };
  });
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(0)} s`;
}

function describe(counts: Counts | undefined): string {
  if (!counts) return 'no report';
  const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
  return `${counts.passed} passed, ${counts.failed} failed${skipped}`;
}

async function main() {
  const started = performance.now();
  const reports = await mkdtemp(join(tmpdir(), 'dispensario-test-reports-'));
  await mkdir(join(CACHE_DIR, 'tsc'), { recursive: true });
  const outcomes: Outcome[] = [];

  // Three lanes from the start, so no core waits for the slowest step of a phase: the type check then Prettier then
  // the server tests; the web tests; the build, the seeded database, then ESLint (ESLint before the web tests in one
  // lane left the web tests running alone, one core idle, for their last minute: session 17). Everything but the
  // build keeps its output until it ends, so the log reads one step at a time. The end-to-end tests run alone after
  // all of them: they keep both cores busy by themselves (the server tests beside them slowed both). The web tests stay
  // in one worker (Vitest's default on two cores): two workers failed 1 to 9 timing-bound tests a run on a loaded
  // machine, one worker none (session 17).
  const typecheckLane = (async () => {
    const typed = await runChain(
      TYPECHECK_PROJECTS.map((project) => ({
        label: `typecheck ${project}`,
        command: NATIVE_TSC,
        args: [
          '-p',
          project,
          '--incremental',
          '--tsBuildInfoFile',
          join(CACHE_DIR, 'tsc', `${project.replaceAll('/', '-')}.tsbuildinfo`),
        ],
      })),
    );
    const prettier = await run(
      { label: 'prettier', command: bin('prettier'), args: ['--check', '.', '--log-level', 'warn', '--cache'] },
      true,
    );
    const served = await run(vitestStep('server', reports), true);
    return { typed, prettier, served };
  })();
  const webLane = (async () => ({ tested: await run(vitestStep('web', reports), true) }))();
  // The build streams its output. The end-to-end tests' migrated and seeded database follows it in the same lane, beside
  // the other lanes, instead of at the start of the end-to-end run while both cores wait for it; should that fail,
  // the run's global setup makes it and reports why.
  const buildLane = (async () => {
    const built = await timed(ensureSharedBuild);
    const templateStarted = performance.now();
    const template = built.ok ? await prepareTemplate().catch(() => undefined) : undefined;
    const templateMs = performance.now() - templateStarted;
    const eslint = await run(
      {
        label: 'eslint',
        command: bin('eslint'),
        args: ['--max-warnings', '0', '--cache', '--cache-location', join(CACHE_DIR, 'eslint/')],
      },
      true,
    );
    return { built, template, templateMs, eslint };
  })();

  const [{ typed, prettier, served }, { tested }, { built, template, templateMs, eslint }] = await Promise.all([
    typecheckLane,
    webLane,
    buildLane,
  ]);
  outcomes.push({ layer: 'typecheck', ...typed, detail: `${TYPECHECK_PROJECTS.length} projects` });
  outcomes.push({
    layer: 'lint',
    ok: eslint.ok && prettier.ok,
    ms: eslint.ms + prettier.ms,
    // Each on its own: they run in different lanes, and ESLint's type-aware run is the one that grows.
    detail: `eslint ${seconds(eslint.ms)}, prettier ${seconds(prettier.ms)}`,
  });
  outcomes.push({
    layer: 'build',
    ok: built.ok,
    ms: built.ms,
    detail: [
      built.shared?.built === false ? 'dist/ was current: reused' : 'the PWA the end-to-end tests run against',
      // Made after the build in the same lane: neither the build's seconds nor the end-to-end run's include it.
      ...(template ? [`the seeded database ${seconds(templateMs)}`] : []),
    ].join('; '),
  });
  const unit = await vitestResults(vitestReport(reports, 'web'));
  outcomes.push({ layer: 'unit', ...tested, ...unit, detail: describe(unit?.counts) });
  const server = await vitestResults(vitestReport(reports, 'server'));
  outcomes.push({ layer: 'server', ...served, ...server, detail: describe(server?.counts) });
  outcomes.push(
    ...(await coverageOutcomes('web', coverageReport(reports, 'web'))),
    ...(await coverageOutcomes('server', coverageReport(reports, 'server'))),
  );

  if (built.ok) {
    const e2eReport = join(reports, 'e2e.json');
    const e2e = await run(
      {
        label: 'end-to-end tests',
        command: bin('playwright'),
        args: ['test', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eReport, ...(template ? { [TEMPLATE_ENV]: template } : {}) },
      },
      false,
    );
    const e2eResults = await playwrightResults(e2eReport);
    outcomes.push({ layer: 'e2e', ...e2e, ...e2eResults, detail: describe(e2eResults?.counts) });
  } else {
    outcomes.push({ layer: 'e2e', ok: false, ms: 0, detail: 'not run: the build failed' });
  }
  await rm(reports, { recursive: true, force: true });
  if (template) await rm(template, { recursive: true, force: true });

  const total = outcomes.reduce<Counts>(
    (sum, outcome) => ({
      passed: sum.passed + (outcome.counts?.passed ?? 0),
      failed: sum.failed + (outcome.counts?.failed ?? 0),
      skipped: sum.skipped + (outcome.counts?.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  const ok = outcomes.every((outcome) => outcome.ok);
  const failures = outcomes.flatMap((outcome) => (outcome.failures ?? []).map((failure) => ({ ...failure, outcome })));
  if (failures.length > 0) {
    process.stdout.write('\n::: failed tests\n');
    for (const { outcome, name, reason } of failures.slice(0, MAX_FAILURES_LISTED)) {
      process.stdout.write(`${outcome.layer}: ${name}\n    ${reason}\n`);
    }
    if (failures.length > MAX_FAILURES_LISTED) {
      process.stdout.write(`… and ${failures.length - MAX_FAILURES_LISTED} more (above in the log)\n`);
    }
  }
  process.stdout.write('\n::: summary\n');
  for (const outcome of outcomes) {
    process.stdout.write(
      `${outcome.layer.padEnd(10)} ${outcome.ok ? 'ok    ' : 'FAILED'} ${(outcome.ms ? seconds(outcome.ms) : '').padStart(6)}  ${outcome.detail}\n`,
    );
  }
  process.stdout.write(
    `${'total'.padEnd(10)} ${ok ? 'ok    ' : 'FAILED'} ${seconds(performance.now() - started).padStart(6)}\n`,
  );
  // The plain closing line every CI reader understands.
  process.stdout.write(`${describe(total)}\n`);
  process.exitCode = ok ? 0 : 1;
}

await main();
