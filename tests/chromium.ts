import { existsSync } from 'node:fs';

const FULL_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How the benchmark, and the end-to-end tests that need the whole browser, launch Debian's Chromium: test tools
 * cannot download their own browser on this machine, and without the background-networking flags Chromium's
 * connections are refused by the closed network (see README).
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
  args: ARGS,
};

/**
 * The end-to-end tests run in Chromium's headless shell (Debian's `chromium-headless-shell`, the same Chromium build
 * without the browser's interface), as Playwright itself does for headless runs: the same pages, workers, storage
 * and network stack, for a third less of the browser's CPU (session 13: 89 → 59 CPU-s on the catalogue, shell and
 * checkout files), which is most of what the suite spends. Without the package, or with `CHROMIUM_PATH`, the whole
 * browser runs everything. What the shell lacks (notifications shown by a push) runs in the whole browser.
 */
export const TEST_CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args: ARGS,
};
