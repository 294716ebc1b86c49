import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'pe', 'en'],
  // The Peru catalogue only overrides the terms that differ; the rest falls back to Spanish.
  fallbackLocales: { pe: 'es', en: 'es', default: 'es' },
  // File references without line numbers: a moved line does not rewrite three catalogues.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/testing/**'],
    },
  ],
});
