import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CSP_SOURCES_FILE, cspSourcesOf } from './src/lib/shared/csp-sources';

const API_DEV_TARGET = process.env.API_DEV_TARGET ?? 'http://localhost:8080';

/** The home page's route module: what it shares with other pages gets a chunk of its own (see `shellChunk`). */
const HOME_ROUTE = 'src/app/routes/home-page.tsx';
/** The bag, where the header and a re-purchase reminder lead: an entry page whose first visit counts (issue #18). */
const BAG_ROUTE = 'src/app/routes/checkout-route.tsx';

/** React's own packages (the renderer is 64 KiB of the app's start-up JavaScript): a chunk of their own. */
const REACT_MODULE = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** zod's package: what imports it waits for its 24 KiB gzip. */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]/;
/**
 * Loaded on demand by the app (the outbox's delivery refreshes the professional's lists; signing out forgets the
 * device's push subscription) but imported statically by the members' shared code, so every member screen loads them
 * anyway: they go in the members' shared chunk rather than in files of their own (two requests fewer per member
 * screen; the app's on-demand loads are a member's, whose device has that chunk).
 */
const MEMBER_SHARED_ROOTS = [/\/src\/features\/(patients|prescriptions)\/api\.ts$/, /\/src\/lib\/push\.ts$/];

/**
 * What only a signed-in person opens: the account's routes, the admin's screens, and what those load on demand. The
 * public pages (home, catalogue, product, blog, about, terms, the medical request) are not here: their first visit has
 * a budget. Nor are the screens a visitor opens before signing in, the sign-in and registration screens and the bag: as
 * roots of the shared chunk each downloaded all of it and what it imports (the prescription rules, the patients' forms,
 * the points' API), 261 KiB gzip for a first visit to the sign-in page against 178 without, 272 for the bag against
 * 254 (in as many files). Vite writes module ids with forward slashes on every system.
 */
const MEMBER_ROOTS = [
  /\/src\/app\/routes\/(my-prescriptions|patients|prescription|reminders|resources|orders|points|personal-data)-route\.tsx$/,
  /\/src\/features\/(account|admin|pending-uploads)\//,
  /\/src\/features\/(patients|prescriptions|credentials)\/api\.ts$/,
  /\/src\/features\/prescriptions\/pdf\.ts$/,
  /\/src\/features\/prescriptions\/tool-checks\.ts$/,
  /\/src\/features\/patients\/components\/(create|edit)-patient-form\.tsx$/,
  /\/src\/features\/reminders\/components\/push-language-sync\.tsx$/,
  /\/src\/lib\/push\.ts$/,
];

/**
 * Screens that are not a visitor's landing page and have no first-visit budget: the sign-in screens, the bag's
 * checkout and its later steps, the favourites and the medical request's form, on top of the members' screens. What
 * only these share becomes one chunk (see `shellChunk`). The public pages and the controls they load on demand (the
 * side bag, add to bag, the favourite heart) are not here, so a visitor's pages never download it.
 */
const SCREEN_ROOTS = [
  ...MEMBER_ROOTS,
  /\/src\/app\/routes\/(checkout|checkout-result|favorites|medical-request)-route\.tsx$/,
  /\/src\/features\/checkout\/components\/checkout-steps\.tsx$/,
  /\/src\/app\/routes\/repurchase-link\.tsx$/,
  /\/src\/features\/auth\/components\/(login|register|forgot-password|reset-password)-page\.tsx$/,
];

/**
 * Small modules that public pages and the members' screens share, loaded by the app from the start rather than each
 * as a file of its own: the search's text normalisation, the data-rights constants, the accounts' constants and the
 * retry alert (under 0.6 KiB gzip each, 1.2 together). Apart, they were four of the builder's sixteen requests and
 * two of the catalogue's; on a phone's connection (six HTTP/1.1 connections) each small file holds a connection for a
 * round trip while the screen's large files (zod, the members' messages) wait behind it.
 */
const SHELL_SHARED = [/\/src\/lib\/shared\/(text|privacy|accounts)\.ts$/, /\/src\/components\/ui\/retry-alert\.tsx$/];

/** The module sets of the chunks `shellChunk` shapes, known once the module graph is built. */
let shellModules = new Set<string>();
let entryModules = new Set<string>();
let homeModules = new Set<string>();
let memberModules = new Set<string>();
let memberFormModules = new Set<string>();
let screenModules = new Set<string>();
let bagModules = new Set<string>();
let formSchemaModules = new Set<string>();

/**
 * Shapes the app's chunks. `index`: the HTML entry, what runs before the first paint (install offer, paint wait).
 * `shell`: the app, i.e. what the entry imports dynamically (`src/app/start.tsx`) and everything that imports
 * statically, less the entry's own modules. Rolldown gives each module shared by the app and some lazy routes a
 * chunk of its own (rolldown#10731), which made the app 35 requests: on a phone's connection that is queueing on six
 * HTTP/1.1 connections (Lighthouse mobile home 84 → 92 with one chunk). `home-shared`: for the same reason, the
 * modules the home page shares with other pages (product cards and prices, article cards, the catalogue's API),
 * which were 13 chunks of under 2 KB each; as one chunk the catalogue, product and blog pages' Lighthouse mobile LCP
 * goes from about 2.8 to 2.6 s. `members-shared`: the modules shared only by screens behind a session (see
 * `MEMBER_ROOTS`). `screens-shared`: those shared by the sign-in screens and the checkout (`SCREEN_ROOTS`), less what
 * the bag itself needs, `bag-shared`: a first visit to the bag downloads only that. The build's `react` group then
 * takes React's packages out of the shell.
 */
function shellChunk(): Plugin {
  return {
    name: 'shell-chunk',
    apply: 'build',
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        for (let id = roots.pop(); id !== undefined; id = roots.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          roots.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      const app = closure([...entry].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      for (const id of this.getModuleIds()) {
        if (SHELL_SHARED.some((pattern) => pattern.test(id)) && !entry.has(id)) app.add(id);
      }
      shellModules = new Set([...app].filter((id) => !entry.has(id)));
      entryModules = entry;
      const home = [...this.getModuleIds()].filter((id) => id.endsWith(HOME_ROUTE));
      homeModules = new Set([...closure(home)].filter((id) => !app.has(id) && !entry.has(id)));

      // Which modules loaded on demand (screens, dialogs, libraries) reach each remaining module.
      const roots = new Set(
        [...this.getModuleIds()].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      );
      const reachedFrom = new Map<string, string[]>();
      for (const root of roots) {
        for (const id of closure([root])) {
          if (app.has(id) || entry.has(id) || homeModules.has(id)) continue;
          reachedFrom.set(id, [...(reachedFrom.get(id) ?? []), root]);
        }
      }
      // Shared only by screens a signed-in person opens: one chunk, not one per combination of screens (rolldown
      // made 40 files of under 2 KB each; a service worker's install pays per file, on a phone as in the tests).
      // Libraries keep their own chunks: they change with an upgrade, not with each release.
      const sharedOnlyBy = (patterns: RegExp[]) =>
        new Set(
          [...reachedFrom]
            .filter(
              ([id, from]) =>
                from.length >= 2 &&
                from.every((root) => patterns.some((pattern) => pattern.test(root))) &&
                !roots.has(id) &&
                !id.includes('/node_modules/'),
            )
            .map(([id]) => id),
        );
      memberModules = sharedOnlyBy(MEMBER_ROOTS);
      for (const id of roots) if (MEMBER_SHARED_ROOTS.some((pattern) => pattern.test(id))) memberModules.add(id);
      // Those that bring zod (24 KiB gzip: the forms' checks, the shared schemas) in a chunk of their own: in the
      // members' chunk, every member screen downloaded zod before its first render, though the builder's first steps,
      // the patient list and a patient's page check nothing until a form opens or step 3 (`lazy-tool-checks.ts`).
      memberFormModules = new Set(
        [...memberModules].filter((id) => [...closure([id])].some((imported) => ZOD_MODULE.test(imported))),
      );
      for (const id of memberFormModules) memberModules.delete(id);
      // The same for what the sign-in screens and the checkout share with each other or with the members' screens:
      // rolldown made a chunk for each combination, 30 files of under 2 KB (a form field, an e-mail rule, a date).
      // Only modules that import nothing beyond the app and each other: one that brought its own imports (a form's
      // schemas, a phone-number library) would make every screen that loads the chunk download those too.
      screenModules = new Set([...sharedOnlyBy(SCREEN_ROOTS)].filter((id) => !memberModules.has(id)));
      const droppedFromScreens = new Set<string>();
      for (let dropped = true; dropped;) {
        dropped = false;
        for (const id of screenModules) {
          const imports = this.getModuleInfo(id)?.importedIds ?? [];
          if (imports.every((imported) => screenModules.has(imported) || app.has(imported) || entry.has(imported))) {
            continue;
          }
          screenModules.delete(id);
          droppedFromScreens.add(id);
          dropped = true;
        }
      }
      // The form schemas among them (a field's rules, passwords, personal data): each imports zod, which a screen
      // that uses one loads anyway, and they are used together by the same forms, so one chunk rather than one per
      // combination (the builder loaded four files of about 1 KiB). A module importing a library itself stays apart.
      formSchemaModules = new Set(
        [...droppedFromScreens].filter(
          (id) => !(this.getModuleInfo(id)?.importedIds ?? []).some((imported) => imported.includes('/node_modules/')),
        ),
      );
      // What the bag itself needs of them (its heading, the checkout form's record) in a chunk of its own: with the
      // rest, a first visit to the bag downloaded the sign-in forms' code (2.4 KiB gzip for the 0.3 it uses).
      const bag = closure([...this.getModuleIds()].filter((id) => id.endsWith(BAG_ROUTE)));
      bagModules = new Set([...screenModules].filter((id) => bag.has(id)));
      for (const id of bagModules) screenModules.delete(id);
    },
  };
}

/**
 * The HTML preloads the app (what the entry imports dynamically, and what that imports) so it downloads from the
 * start, at low priority: the first paint needs only the HTML and the stylesheet, and they come first.
 */
function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const closure = (roots: string[]) => {
          const files = new Set<string>();
          for (let fileName = roots.pop(); fileName !== undefined; fileName = roots.pop()) {
            const chunk = bundle[fileName];
            if (chunk?.type !== 'chunk' || files.has(fileName)) continue;
            files.add(fileName);
            roots.push(...chunk.imports);
          }
          return files;
        };
        const loaded = closure([entry.fileName]);
        const dynamic = [...loaded].flatMap((fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? chunk.dynamicImports : [];
        });
        const app = closure(dynamic);
        return [...app]
          .filter((fileName) => !loaded.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * V8's explicit compile hint: a file whose first line is this comment has every function compiled while the file
 * streams in, on a background thread, instead of each one on the main thread at its first call (Chrome 136+; other
 * engines read a comment). A chunk here is loaded when its screen is shown and most of its functions run then: a
 * doctor's offline start spent about 350 ms of its main thread (CPU 4×) compiling functions one by one, because no
 * code cache is kept for modules served by the service worker.
 */
const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts the compile hint on the first line of every JavaScript chunk, after everything else has written the chunk
 * (Vite adds its preload map at the top late), and moves the source map down that one line.
 */
function eagerCompileHint(): Plugin {
  return {
    name: 'eager-compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || output.code.startsWith(EAGER_COMPILE_HINT)) continue;
          output.code = EAGER_COMPILE_HINT + output.code;
          if (output.map) output.map.mappings = `;${output.map.mappings}`;
          const mapAsset = output.sourcemapFileName ? bundle[output.sourcemapFileName] : undefined;
          if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
            const map = JSON.parse(mapAsset.source) as { mappings: string };
            mapAsset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Writes which services the build calls (absolute VITE_AUTH_BASE_URL / VITE_GATEWAY_BASE_URL origins, a maps key or
 * not) next to index.html: the server's Content Security Policy allows those and nothing else.
 */
function cspSources(): Plugin {
  let env: Record<string, string | undefined> = {};
  return {
    name: 'csp-sources',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: CSP_SOURCES_FILE, source: JSON.stringify(cspSourcesOf(env)) });
    },
  };
}

const SHORTCUT_ICONS = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

export default defineConfig({
  plugins: [
    // The Lingui macros must be expanded before the React transform sees the JSX.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    shellChunk(),
    preloadApp(),
    eagerCompileHint(),
    cspSources(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/co',
        name: 'Dispensario Funcional — medicina funcional y hormonas bioidénticas',
        short_name: 'Dispensario',
        description:
          'Herramientas funcionales y hormonas bioidénticas formuladas por tu médico o profesional de la salud, con entrega en Colombia, México y Perú.',
        lang: 'es',
        dir: 'ltr',
        // The installed app opens the country used last on this device (homeCountry), not always Colombia.
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f6f8f5',
        theme_color: '#1f5e4b',
        categories: ['health', 'medical', 'shopping'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Herramientas funcionales', short_name: 'Catálogo', url: '/herramientas', icons: SHORTCUT_ICONS },
          {
            name: 'Nueva prescripción',
            short_name: 'Prescribir',
            url: '/mi-cuenta/prescripcion',
            icons: SHORTCUT_ICONS,
          },
          {
            name: 'Mis prescripciones',
            short_name: 'Mis fórmulas',
            url: '/mi-cuenta/mis-prescripciones',
            icons: SHORTCUT_ICONS,
          },
        ],
        // Real screens of the app (540×1170 phone, 1280×800 desktop) for the richer install dialog.
        screenshots: [
          {
            src: '/screenshots/inicio-movil.png',
            sizes: '540x1170',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Inicio del Dispensario Funcional',
          },
          {
            src: '/screenshots/catalogo-movil.png',
            sizes: '540x1170',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Catálogo de herramientas funcionales',
          },
          {
            src: '/screenshots/catalogo-escritorio.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Catálogo en una pantalla grande',
          },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // Also the blog (Content issue): public/articles/*.svg and each article's text chunk, so an article opens
        // offline with its picture once the app has been installed.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Product photos are runtime-cached with their own expiry; only the shell is precached.
        globIgnores: ['**/screenshots/**'],
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the bench measures the chunks of this very build (tests/shared-build.ts); the
    // server never serves dot folders.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Each group takes only its own modules: by default a group also pulls in what they import, which would
          // move the entry's modules (imported by the app too) into the shell and make the entry load the app first.
          groups: [
            {
              // React, out of the shell: it changes with an upgrade, not with each release of the app, so a returning
              // device keeps it across deploys (the service worker's precache downloads only the changed chunks).
              name: 'react',
              test: (id: string) => shellModules.has(id) && REACT_MODULE.test(id),
              priority: 1,
              includeDependenciesRecursively: false,
            },
            { name: 'shell', test: (id: string) => shellModules.has(id), includeDependenciesRecursively: false },
            { name: 'index', test: (id: string) => entryModules.has(id), includeDependenciesRecursively: false },
            {
              name: 'home-shared',
              test: (id: string) => homeModules.has(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'members-shared',
              test: (id: string) => memberModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'member-forms',
              test: (id: string) => memberFormModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'screens-shared',
              test: (id: string) => screenModules.has(id),
              includeDependenciesRecursively: false,
            },
            { name: 'bag-shared', test: (id: string) => bagModules.has(id), includeDependenciesRecursively: false },
            {
              name: 'form-schemas',
              test: (id: string) => formSchemaModules.has(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      // Dexie's package entry is a wrapper around its ES5 UMD build; its ES module build is 1.7 KiB gzip smaller.
      { find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' },
      // @lingui/react imports the React < 18 shim of the hook: React's own, without the shim's fallback (0.4 KiB).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': API_DEV_TARGET },
  },
});
