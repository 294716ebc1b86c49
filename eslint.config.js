import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { importX } from 'eslint-plugin-import-x';
import pluginLingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// DESIGN.md §2: imports run lib → components → features → app; a feature never reaches into another feature's
// components or atoms; sw/ and server/ share only src/lib/shared with the storefront.
const layerZones = [
  { target: './src/lib', from: ['./src/components', './src/features', './src/app'], message: 'lib es la capa base.' },
  {
    target: './src/lib/shared',
    from: ['./src/lib/!(shared)/**', './src/lib/*.ts'],
    message: 'shared no depende de nada.',
  },
  {
    target: './src/components',
    from: ['./src/features', './src/app'],
    message: 'components no conoce features ni app.',
  },
  { target: './src/features', from: ['./src/app'], message: 'Las features no importan de app.' },
  ...features.flatMap((feature) =>
    features
      .filter((other) => other !== feature)
      .map((other) => ({
        target: `./src/features/${feature}`,
        from: [`./src/features/${other}/components`, `./src/features/${other}/atoms.ts`],
        message: 'Una feature no importa componentes ni átomos de otra: lleva lo compartido a lib.',
      })),
  ),
  {
    // The admin's messages are a catalogue of their own (lingui.config.ts), which only the admin's layout loads: a
    // module of src/features/admin shown on another screen would show message ids there.
    target: [
      ...features.filter((feature) => feature !== 'admin').map((feature) => `./src/features/${feature}`),
      './src/app/*/**',
      './src/app/!(router).tsx',
    ],
    from: './src/features/admin',
    message: 'Solo el router carga src/features/admin: sus mensajes están en el catálogo del admin.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./lib/shared'],
    message: 'El service worker solo comparte src/lib/shared.',
  },
];
const serverZone = {
  target: './server',
  from: './src',
  except: ['./lib/shared'],
  message: 'El servidor solo comparte src/lib/shared.',
};
/** The mocks' contract test answers the same requests with the web tests' msw handlers: those, and only those. */
const mockContractZone = {
  ...serverZone,
  except: ['./lib/shared', './testing/handlers', './testing/api-url.ts', './testing/data.ts'],
  message: 'El contrato de los mocks solo importa los handlers de msw y lo compartido.',
};
const MOCK_CONTRACT_TEST = 'server/test/msw-contract.test.ts';
/** The server's route modules: the only ones that register routes, and the ones that never query the database. */
const ROUTE_MODULES = ['server/src/**/routes.ts', 'server/src/**/*-routes.ts', 'server/src/admin/*.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      // The server's bundle (`npm run build`).
      'server/dist',
      'dev-dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'src/locales',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, serverZone] }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/index', '**/index.ts'], message: 'Sin archivos barril: importa el módulo concreto.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, lingui: pluginLingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            // Identifiers, keys, paths and class names: one token without spaces that does not start upper-case.
            '^(?![A-ZÁÉÍÓÚÑ])\\S+$',
            // Constants and codes such as COP, GET or SKIP_WAITING.
            '^[A-Z0-9_-]+$',
            // Strings without a single letter: symbols, numbers, separators.
            '^[^A-Za-zÀ-ÿ]*$',
            // Cookie attributes.
            'Path=/',
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            'to',
            'href',
            'src',
            'type',
            'id',
            'role',
            'method',
            'key',
            'path',
            'name',
            'rel',
            'target',
            'align',
            'value',
            'data-testid',
            'aria-live',
            'viewBox',
            'd',
          ],
          ignoreFunctions: [
            'Error',
            'console.*',
            '*.addEventListener',
            '*.removeEventListener',
            '*.getElementById',
            '*.getItem',
            '*.setItem',
            '*.removeItem',
            '*.set',
            '*.get',
            '*.has',
            '*.delete',
            'Intl.NumberFormat',
            'import',
            // The router's lazy-route helpers name a module export (a component such as 'HomePage').
            'page',
            'memberPage',
            'describe',
            'new Workbox',
            'Dexie',
            'requestDetail',
            'responsiveImage',
          ],
        },
      ],
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [pluginQuery.configs['flat/recommended']],
  },
  {
    // Type-aware rules (issue #20) on the code that ships: promises nobody waits for or that a handler drops, awaits
    // of what is not a promise, casts that say nothing. Tests are left out: their promises are awaited by the runner,
    // and type information for every test file would double the lint's time.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // The TanStack Query rules that need type information.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { '@tanstack/query': pluginQuery },
    rules: { '@tanstack/query/no-void-query-fn': 'error', '@tanstack/query/no-rest-destructuring': 'error' },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**', 'src/lib/shared/**'],
    rules: { 'lingui/no-unlocalized-strings': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `{}` means "none".
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // A module that registers routes is named as one, so that the rule below reaches every route there is.
    files: ['server/src/**/*.ts'],
    ignores: [...ROUTE_MODULES, '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ':matches(FunctionDeclaration, VariableDeclarator)[id.name=/^register\\w*(Routes|Pages)$/]',
          message: 'Un módulo que registra rutas se llama routes.ts o *-routes.ts (o está en admin/).',
        },
      ],
    },
  },
  {
    // Routes call repositories (docs/decisions.md): a route module reads input, checks access, calls the domain or the
    // service's repository (`repo.ts`, `*-repo.ts`) and answers; it never builds a query or opens a transaction.
    files: ROUTE_MODULES,
    ignores: ['server/src/admin/*-repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|transaction)$/]',
          message: 'Una ruta no consulta la base de datos: lleva la consulta al repositorio del servicio (repo.ts).',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Una ruta no escribe SQL: lleva la consulta al repositorio del servicio (repo.ts).',
        },
      ],
    },
  },
  {
    files: [MOCK_CONTRACT_TEST],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, mockContractZone] }] },
  },
);
