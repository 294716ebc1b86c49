import { globSync, readFileSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vitest/config';
import { COVERAGE_FLOORS, layerFiles, type CoverageLayer } from './tests/coverage-layers';
import viteConfig from './vite.config';

const WEB_TESTS = ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'];
/**
 * Test files that replace modules (vi.mock, vi.stubEnv, vi.resetModules) need a module graph of their own: they run
 * isolated. The others share one per worker: a fresh jsdom and module graph per file cost more than most of the
 * tests themselves (111 s against 30 s for the whole web suite on two cores); `src/testing/setup.ts` resets the
 * shared state (store, IndexedDB, msw, storage, cookies) after every test.
 */
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubEnv|resetModules)\(/;
/**
 * Files that read what the app saved in IndexedDB after a full app render: in a clean clone's file order the logout
 * test found no saved copy (twice in a row), while it passed alone and in the cached order; an earlier file of the
 * shared graph left the storage or the persister in a state it does not reset. A graph of their own rules that out.
 * The persister's own test needs its throttle fresh: a write another file's app left scheduled swallows its first one.
 */
const READS_DEVICE_STORAGE = ['src/features/auth/logout-forgets.test.tsx', 'src/lib/query.test.ts'];
const ISOLATED_WEB_TESTS = globSync(WEB_TESTS).filter(
  (file) => READS_DEVICE_STORAGE.includes(file) || REPLACES_MODULES.test(readFileSync(file, 'utf8')),
);

/** What both web projects share. */
const WEB = {
  environment: 'jsdom' as const,
  // The page and the API share one origin, as in production: no CORS preflight for uploads.
  environmentOptions: { jsdom: { url: 'http://localhost/' } },
  setupFiles: ['src/testing/setup.ts'],
  globals: true,
  restoreMocks: true,
  // A form test types a dozen fields character by character: about 2 s alone, over 5 s on two busy cores (CI runs
  // the files in parallel). Failing assertions still fail after testing-library's own 5 s wait.
  testTimeout: 20_000,
  env: {
    VITE_AUTH_BASE_URL: 'http://localhost/api',
    VITE_GATEWAY_BASE_URL: 'http://localhost/api',
  },
};

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Off unless asked (`--coverage`): `npm test` asks for it in its web and server runs, each measuring the layers it
      // covers (tests/run-tests.ts); a layer a run does not measure has no files there, and its floors pass.
      coverage: {
        provider: 'v8',
        include: (Object.keys(COVERAGE_FLOORS) as CoverageLayer[]).map(layerFiles),
        exclude: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'src/testing/**'],
        reporter: ['text-summary', 'json-summary'],
        thresholds: Object.fromEntries(
          Object.entries(COVERAGE_FLOORS).map(([layer, floors]) => [`${layer}/**`, floors]),
        ),
      },
      projects: [
        {
          extends: true,
          test: { ...WEB, name: 'web', isolate: false, include: WEB_TESTS, exclude: ISOLATED_WEB_TESTS },
        },
        { extends: true, test: { ...WEB, name: 'web-isolated', include: ISOLATED_WEB_TESTS } },
        {
          test: {
            name: 'server',
            isolate: false,
            environment: 'node',
            include: ['server/test/**/*.test.ts'],
            // PGlite takes 1–2 s to open: one database per file, and files in parallel on both cores.
            maxWorkers: 2,
            testTimeout: 30_000,
            // A budget against hangs, not a speed check: opening a file's database copy took over 60 s twice in a run
            // with three other sessions' test runs beside it (load 14, session 18).
            hookTimeout: 120_000,
          },
        },
      ],
    },
  }),
);
