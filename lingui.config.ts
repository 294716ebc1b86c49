import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The features shown only behind a session (see `catalogs`). */
const MEMBER_FEATURES = [
  'account',
  'admin',
  'credentials',
  'orders',
  'patients',
  'pending-uploads',
  'points',
  'prescriptions',
  'reminders',
  'resources',
].map((feature) => `src/features/${feature}`);
/**
 * Files of public features whose messages only a member screen shows: the checkout's schema messages (issue #20) are
 * said on the bag's route, which loads the members' catalogue, so a first visit does not download them.
 */
const MEMBER_FILES = ['src/features/checkout/checkout-validation.ts'];

export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'pe', 'en'],
  // The Peru catalogue only overrides the terms that differ; the rest falls back to Spanish.
  fallbackLocales: { pe: 'es', en: 'es', default: 'es' },
  // File references without line numbers: a moved line does not rewrite three catalogues.
  format: formatter({ lineNumbers: false }),
  // Two catalogues: what any visitor sees, and the screens behind a session (the account area, the professional
  // tools, admin), which a first visit never shows. `src/lib/i18n.ts` loads the second with those screens; the first
  // visit does not download it (issue #18). A message used on both sides is in both.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', 'src/testing/**', ...MEMBER_FEATURES, ...MEMBER_FILES],
    },
    {
      path: '<rootDir>/src/locales/{locale}/members',
      include: [...MEMBER_FEATURES, ...MEMBER_FILES],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
