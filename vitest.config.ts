import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            // The page and the API share one origin, as in production: no CORS preflight for uploads.
            environmentOptions: { jsdom: { url: 'http://localhost/' } },
            include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
            setupFiles: ['src/testing/setup.ts'],
            globals: true,
            restoreMocks: true,
            // A form test types a dozen fields character by character: about 2 s alone, over 5 s on two busy cores
            // (CI runs the files in parallel). Failing assertions still fail after testing-library's own 5 s wait.
            testTimeout: 20_000,
            env: {
              VITE_AUTH_BASE_URL: 'http://localhost/api',
              VITE_GATEWAY_BASE_URL: 'http://localhost/api',
            },
          },
        },
        {
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/test/**/*.test.ts'],
            // PGlite takes 1–2 s to open: one database per file, and files in parallel on both cores.
            maxWorkers: 2,
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
