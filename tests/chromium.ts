/**
 * How the end-to-end tests and the benchmark launch Debian's Chromium: test tools cannot download their own browser
 * on this machine, and without the background-networking flags Chromium's connections are refused by the closed
 * network (see README).
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
