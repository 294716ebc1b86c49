import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The features shown only behind a session (see `catalogs`); the admin's screens have a catalogue of their own. */
const MEMBER_FEATURES = [
  'account',
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
 * The admin's screens: only an admin opens them, and their messages were a third of the members' catalogue, which
 * every member screen downloads (the prescription builder, 'Mis pacientes'). The admin's layout loads this catalogue
 * beside the members' one, whose messages (points, credentials, orders) its screens show too.
 */
const ADMIN_FILES = ['src/features/admin'];
/**
 * Files of public features whose messages only a member screen shows: the bag's route (checkout, its schema messages
 * of issue #20, the bag's contents) and the account's favourites and data-rights screens load the members' catalogue,
 * so a first visit does not download them.
 */
const MEMBER_FILES = [
  'src/features/checkout/checkout-validation.ts',
  'src/features/checkout/components',
  'src/features/cart/components/bag-contents.tsx',
  'src/features/favorites/components/favorites-page.tsx',
  'src/features/privacy/components/data-rights-panel.tsx',
  // The vocabularies only members' screens show, one table each for the storefront and the server (issue #20).
  'src/lib/shared/prescription-labels.ts',
  'src/lib/shared/payment-labels.ts',
  'src/lib/shared/gender-labels.ts',
  'src/lib/shared/credential-labels.ts',
];
/**
 * The bag and its checkout (`/bolsa`, where a re-purchase reminder and the header's bag lead): their own catalogue,
 * so a first visit to the bag does not download every member screen's messages (issue #18). The member modules the
 * bag renders messages of (points, credentials, the payment vocabulary, the re-purchase notices) are in it too;
 * `bundle-budget.spec.ts` checks that the bag's screens show no message outside it.
 */
const CHECKOUT_FILES = [
  'src/features/checkout/checkout-validation.ts',
  'src/features/checkout/components',
  'src/features/cart/components/bag-contents.tsx',
  'src/features/points/api.ts',
  'src/features/points/use-points-access.ts',
  'src/features/credentials/api.ts',
  // A re-purchase reminder's and 'Comprar de nuevo''s way into the bag, and what they say there.
  'src/features/reminders/components/repurchase-notice.tsx',
  'src/features/orders/components/buy-again-notice.tsx',
  'src/features/prescriptions/purchase.ts',
  'src/lib/shared/payment-labels.ts',
];
/**
 * The public screens a first visit to the home, the catalogue or a product does not show: about, terms, the blog,
 * the medical request and the sign-in and registration screens. `src/app/router.tsx` loads their catalogue beside
 * their modules (issue #18).
 */
const PAGE_FILES = [
  'src/features/auth/components/login-page.tsx',
  'src/features/auth/components/register-page.tsx',
  'src/features/auth/components/registration-form.tsx',
  'src/features/auth/components/dynamic-field.tsx',
  'src/features/auth/components/no-invitation-dialog.tsx',
  'src/features/auth/components/forgot-password-page.tsx',
  'src/features/auth/components/reset-password-page.tsx',
  'src/features/content/components/about-page.tsx',
  'src/features/content/components/terms-page.tsx',
  'src/features/content/components/articles-page.tsx',
  'src/features/content/components/article-page.tsx',
  'src/features/content/components/rich-text.tsx',
  'src/features/medical-request/components',
];
/**
 * What only the home shows: its sections and the guided tour it starts. The home's route loads their catalogue beside
 * its module, so a first visit to any other page does not download them (issue #18).
 */
const HOME_FILES = [
  'src/features/content/components/home-intro.tsx',
  'src/features/content/components/home-services.tsx',
  'src/features/content/components/register-by-role.tsx',
  'src/features/content/components/testimonials.tsx',
  'src/features/content/components/attention-band.tsx',
  'src/features/content/components/latest-articles.tsx',
  'src/features/catalog/components/featured-products.tsx',
  'src/features/tour',
];

export default defineConfig({
  sourceLocale: 'es',
  locales: ['es', 'pe', 'en'],
  // The Peru catalogue only overrides the terms that differ; the rest falls back to Spanish.
  fallbackLocales: { pe: 'es', en: 'es', default: 'es' },
  // File references without line numbers: a moved line does not rewrite three catalogues.
  format: formatter({ lineNumbers: false }),
  // Six catalogues: what every page shows (the layout and what it opens, the catalogue and a product), what only the
  // home shows, the other public screens, the bag and its checkout, the screens behind a session (the account area,
  // the professional tools) and the admin's. `src/lib/i18n.ts` loads the last five with their screens; a first visit
  // downloads only its own (issue #18). A message used in several is in each of them.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        'src/testing/**',
        ...MEMBER_FEATURES,
        ...MEMBER_FILES,
        ...ADMIN_FILES,
        ...PAGE_FILES,
        ...HOME_FILES,
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/home',
      include: HOME_FILES,
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/pages',
      include: PAGE_FILES,
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/checkout',
      include: CHECKOUT_FILES,
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/members',
      include: [...MEMBER_FEATURES, ...MEMBER_FILES],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/locales/{locale}/admin',
      include: ADMIN_FILES,
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
});
