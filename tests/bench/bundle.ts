import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import { currentSharedBuild, DIST_DIR, ensureSharedBuild, type SharedBuild } from '../shared-build';

/**
 * Fetched on every first visit: the Spanish catalogue (`/co` and `/pe` default to it) and what the layout loads as it
 * first renders (the footer, the chat button, the service worker's helper). Not Dexie: a device that holds no
 * database downloads it with its first stored value (`src/lib/db.ts`). The browser checks this list:
 * `tests/e2e/first-visit-downloads.spec.ts` fails when a first visit downloads a script it leaves out.
 */
export const FIRST_VISIT_DYNAMIC_SOURCES = [
  'src/locales/es/messages.po',
  'src/app/layout/footer-content.tsx',
  'src/features/content/components/chat-contact-button.tsx',
  'node_modules/workbox-window/build/workbox-window.prod.es5.mjs',
] as const;

/** The cards' controls, which the router loads beside a screen that lists products (`listingProducts`). */
const PRODUCT_ACTIONS_SOURCES = [
  'src/features/cart/components/add-to-cart.tsx',
  'src/features/favorites/components/favorite-button.tsx',
];

/**
 * The entry routes measured: each first visit's JavaScript is the initial JS plus its route chunk, the above, the
 * catalogue of its own messages the route loads beside its chunk (`src/app/router.tsx`), if any, and the other
 * modules the router loads with it.
 */
export const ENTRY_ROUTES = [
  {
    path: '/co',
    label: 'home',
    src: 'src/app/routes/home-page.tsx',
    messages: ['src/locales/es/home.po'],
    loadedWith: PRODUCT_ACTIONS_SOURCES,
  },
  {
    path: '/co/herramientas',
    label: 'catalogue',
    src: 'src/features/catalog/components/catalog-page.tsx',
    messages: [],
    loadedWith: PRODUCT_ACTIONS_SOURCES,
  },
  // Where a re-purchase reminder and the header's bag lead. A first visit finds the bag empty: the later checkout steps
  // load once it holds something (`checkout-page.tsx`), so they are not counted here.
  {
    path: '/co/bolsa',
    label: 'bag',
    src: 'src/app/routes/checkout-route.tsx',
    messages: ['src/locales/es/checkout.po'],
    loadedWith: [],
  },
] as const;

export type EntryRoute = (typeof ENTRY_ROUTES)[number];

/** The pages a first visit lands on, with the catalogues they load beside the first visit's own. */
const FIRST_VISIT_PAGES: readonly { src: string; messages: readonly string[] }[] = [
  ...ENTRY_ROUTES,
  { src: 'src/features/catalog/components/product-page.tsx', messages: [] },
  // The bag's later steps (data, payment, summary), loaded once it holds something, with the bag's catalogue only.
  { src: 'src/features/checkout/components/checkout-steps.tsx', messages: ['src/locales/es/checkout.po'] },
];

/** The Spanish catalogues of the screens that load one beside their module (`lingui.config.ts`, `src/lib/i18n.ts`). */
const SCREEN_CATALOGUE_SOURCES = [
  'src/locales/es/home.po',
  'src/locales/es/pages.po',
  'src/locales/es/checkout.po',
  'src/locales/es/members.po',
  'src/locales/es/admin.po',
];

/** The app shell's chunk (the `shell` group of vite.config.ts). */
const SHELL_CHUNK_NAME = 'shell';

export interface BuildOutcome extends SharedBuild {
  outDir: string;
  manifest: Manifest;
}

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface JsSet {
  chunks: ChunkSize[];
  bytes: number;
  gzipBytes: number;
}

/**
 * The shared build in dist/ (tests/shared-build.ts): made now if the sources changed since the last one, otherwise the
 * one the end-to-end tests ran against, with the wall clock it took then (config loading, the client build, the
 * service worker and the catalogues' extraction).
 */
export async function buildWithManifest(): Promise<BuildOutcome> {
  const shared = await ensureSharedBuild();
  const manifest = JSON.parse(await readFile(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { ...shared, outDir: DIST_DIR, manifest };
}

/**
 * The shared build in dist/ only if it is the build of the current sources (stamp-checked), never building: for
 * checks that must measure what the end-to-end tests ran against.
 */
export async function currentBuildWithManifest(): Promise<BuildOutcome | undefined> {
  const shared = await currentSharedBuild();
  if (!shared) return undefined;
  const manifest = JSON.parse(await readFile(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { ...shared, outDir: DIST_DIR, manifest };
}

/** The same, for the tests that read the build the end-to-end tests ran against: without it they fail, saying why. */
export async function requireCurrentBuild(): Promise<BuildOutcome> {
  const build = await currentBuildWithManifest();
  if (!build) throw new Error('dist/ is not the build of these sources: run `npx tsx tests/shared-build.ts` first');
  return build;
}

export function manifestKeyForSource(manifest: Manifest, src: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.src === src);
  if (!key) throw new Error(`No chunk for ${src} in the Vite manifest`);
  return key;
}

/**
 * The chunks the built index.html loads (its module scripts and modulepreloads) and its stylesheets. The manifest's
 * own entry cannot say it: the chunk groups of vite.config.ts take the HTML entry's modules, and the app the entry
 * starts after the first paint is preloaded by the HTML, not imported statically.
 */
export async function htmlEntry(manifest: Manifest, outDir: string): Promise<{ keys: string[]; css: string[] }> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8');
  const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/^\//, ''));
  const scripts = urls(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g);
  const keys = scripts.map((file) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
    if (!key) throw new Error(`index.html loads ${file}, which is not in the Vite manifest`);
    return key;
  });
  return { keys, css: urls(/<link[^>]*rel="stylesheet"[^>]*\shref="([^"]+\.css)"/g) };
}

/** The given chunks plus everything they import statically (what the browser fetches before running them). */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest key ${key} not found`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return [...seen];
}

export async function measureJs(manifest: Manifest, outDir: string, keys: readonly string[]): Promise<JsSet> {
  const files = [...new Set(keys.map((key) => manifest[key]?.file ?? ''))].filter((file) => file.endsWith('.js'));
  const chunks = await Promise.all(files.map((file) => sizeOf(outDir, file)));
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** Each emitted file gzipped on its own at level 9, as a server would send it. */
export async function sizeOf(outDir: string, file: string): Promise<ChunkSize> {
  const content = await readFile(join(outDir, file));
  const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  return { file, bytes: content.length, gzipBytes };
}

export interface FirstVisit {
  /** What index.html loads or preloads, with its static imports: the same for every route. */
  initial: JsSet;
  /** The app shell's chunk alone. */
  shell: ChunkSize;
  /** Per entry route: all the JavaScript a first visit to it downloads. */
  routes: { route: EntryRoute; js: JsSet }[];
  /** The entry's stylesheets (not counted in the JavaScript). */
  css: ChunkSize[];
}

/** The JavaScript a first visit downloads, per entry route (README: "JavaScript per entry route"). */
export async function measureFirstVisit(manifest: Manifest, outDir: string): Promise<FirstVisit> {
  const entry = await htmlEntry(manifest, outDir);
  const initial = await measureJs(manifest, outDir, staticClosure(manifest, entry.keys));
  const firstVisitKeys = FIRST_VISIT_DYNAMIC_SOURCES.map((src) => manifestKeyForSource(manifest, src));
  const routes = await Promise.all(
    ENTRY_ROUTES.map(async (route) => {
      const keys = staticClosure(manifest, [
        ...entry.keys,
        manifestKeyForSource(manifest, route.src),
        ...firstVisitKeys,
        ...route.messages.map((src) => manifestKeyForSource(manifest, src)),
        ...route.loadedWith.map((src) => manifestKeyForSource(manifest, src)),
      ]);
      return { route, js: await measureJs(manifest, outDir, keys) };
    }),
  );
  const shellFile = Object.values(manifest).find((chunk) => chunk.name === SHELL_CHUNK_NAME && !chunk.src)?.file;
  if (!shellFile) throw new Error(`No chunk named ${SHELL_CHUNK_NAME} in the Vite manifest`);
  const css = await Promise.all(entry.css.map((file) => sizeOf(outDir, file)));
  return { initial, shell: await sizeOf(outDir, shellFile), routes, css };
}

/** The message ids a compiled catalogue chunk holds (`JSON.parse` of an object of id → compiled message). */
async function catalogueIds(manifest: Manifest, outDir: string, src: string): Promise<Set<string>> {
  const file = manifest[manifestKeyForSource(manifest, src)]?.file ?? '';
  const code = await readFile(join(outDir, file), 'utf8');
  return new Set([...code.matchAll(/"([\w-]{6})":\[/g)].map((match) => match[1] ?? ''));
}

/**
 * Messages a first visit's page renders but whose only catalogues are those it does not download, per page: each
 * would show its id instead of its text. The first visit's catalogue leaves out the files `lingui.config.ts` gives to
 * the other catalogues, so importing one of them into such a page must move it back (or the page must load that
 * catalogue). Read from the built chunks (what the page's HTML entry and route chunk import statically): the Lingui
 * macros compile to `id:` literals.
 */
export async function messagesMissingOnFirstVisit(
  manifest: Manifest,
  outDir: string,
): Promise<{ page: string; ids: string[] }[]> {
  const entry = await htmlEntry(manifest, outDir);
  const ids = async (sources: readonly string[]) => {
    const all = new Set<string>();
    for (const src of sources) for (const id of await catalogueIds(manifest, outDir, src)) all.add(id);
    return all;
  };
  const screens = await ids(SCREEN_CATALOGUE_SOURCES);
  return Promise.all(
    FIRST_VISIT_PAGES.map(async (page) => {
      const downloaded = await ids([FIRST_VISIT_DYNAMIC_SOURCES[0], ...page.messages]);
      const keys = staticClosure(manifest, [...entry.keys, manifestKeyForSource(manifest, page.src)]);
      const missing = new Set<string>();
      for (const key of keys) {
        const file = manifest[key]?.file ?? '';
        if (!file.endsWith('.js')) continue;
        const code = await readFile(join(outDir, file), 'utf8');
        for (const [, id = ''] of code.matchAll(/\bid:[`"']([\w-]{6})[`"']/g)) {
          if (screens.has(id) && !downloaded.has(id)) missing.add(id);
        }
      }
      return { page: page.src, ids: [...missing].sort() };
    }),
  );
}
