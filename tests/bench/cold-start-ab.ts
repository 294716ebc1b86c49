// Issue #17's offline cold starts of two or more builds, side by side: `npx tsx tests/bench/cold-start-ab.ts DIR DIR…`
// (each DIR a `vite build --outDir DIR` of a version). On a shared machine one bench run's p50 moves by a third with
// the load; here every build gets the same load, the runs taking turns (A B, then B A, …). `COLD_RUNS` sets the runs
// per page and build (6). A build with `performance.mark` calls in its code gets them listed per run, in ms of the
// navigation: where the time of a start goes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../server/src/db/database';
import { loadConfig } from '../../server/src/config';
import { benchApp, listen, seedBench } from './api-load';
import { COLD_PAGES, coldStart, prepareColdProfiles, type ColdProfiles } from './browser';

const BENCH_PRODUCTS = 5000;
const DEFAULT_RUNS = 6;

const builds = process.argv.slice(2);
const runs = Number(process.env.COLD_RUNS ?? DEFAULT_RUNS);
if (builds.length === 0) throw new Error('Usage: npx tsx tests/bench/cold-start-ab.ts DIST_DIR [DIST_DIR…]');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-cold-ab-'));
const database = await openDatabase({ dataDir });
const served: { build: string; origin: string; profiles: ColdProfiles; close: () => void }[] = [];
try {
  await seedBench(database, BENCH_PRODUCTS);
  for (const build of builds) {
    const app = benchApp(database, { distDir: build, assetsDir: loadConfig({}).assetsDir, dataDir });
    const listening = await listen(app.fetch);
    const profiles = await prepareColdProfiles(listening.origin);
    served.push({ build, origin: listening.origin, profiles, close: () => listening.server.close() });
  }
  for (const coldPage of COLD_PAGES) {
    const { label, profile, path } = coldPage;
    const times = new Map<string, number[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const { build, origin, profiles } of run % 2 === 0 ? served : [...served].reverse()) {
        const { ms, marks } = await coldStart(profiles[profile], `${origin}${path}`, coldPage);
        times.set(build, [...(times.get(build) ?? []), ms]);
        if (marks.length > 0) console.info(`  ${label} ${build} ${ms.toFixed(0)} ms: ${marks.join(', ')}`);
      }
    }
    for (const [build, values] of times) {
      const all = values.map((value) => value.toFixed(0)).join(', ');
      console.info(`${label} cold start, ${build}: p50 ${median(values).toFixed(0)} ms (${all})`);
    }
  }
} finally {
  for (const { profiles, close } of served) {
    await profiles.remove();
    close();
  }
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
// PGlite's worker and the servers' sockets must not keep the process alive.
process.exit(0);
