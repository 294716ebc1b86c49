import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM_LAUNCH_OPTIONS } from './tests/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Each worker runs its own server over its own copy of the seeded database (tests/e2e/support/server.ts), so test
  // files run side by side; the tests inside a file keep their order.
  fullyParallel: false,
  // Three on two cores: the outbox's stress test and the offline flows spend much of their time waiting on the app's
  // own retry delays and timeouts, and a third worker uses those idle seconds (132 tests in 381 s with three, 409 s
  // with two, same idle machine, session 17).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A budget against hangs, not a speed check (the bench measures speed): a long flow (login, bag, checkout, the
  // gateway, an admin's approval) takes 25 s on a quiet machine, and the server tests run beside the first minutes.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    locale: 'es-CO',
    // Recording a trace for every test (to keep the failing ones) cost 40 % of the suite's time on two cores
    // (accounts and checkout: 164 s against 108 s). A failure keeps its screenshot and error context; E2E_TRACE=1
    // records traces again to debug one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The service worker is the subject of its own tests (offline, the outbox, updates, push, logout's clean-up, one
    // checkout), which turn it on with `WITH_SERVICE_WORKER` (support/fixtures.ts). Elsewhere it stays off: each new
    // context would precache the whole app (116 files, 2 MB) while the test runs, for pages those tests never open
    // offline (checkout, admin, accounts and points side by side: 120 → 92 s; the whole suite about a tenth, session 21).
    serviceWorkers: 'block',
    launchOptions: TEST_CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: '**/*.phone.spec.ts' },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // The days offline on the phone too (issue #17): professionals draft prescriptions on one in clinics without
      // connection, and patients use the app installed on their phone's home screen.
      testMatch: ['**/*.phone.spec.ts', '**/clinic-offline.spec.ts', '**/patient-offline.spec.ts'],
    },
  ],
});
