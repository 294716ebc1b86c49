// One production build for the end-to-end tests and the bench: `dist/` is rebuilt only when what goes into it changed
// (sources, public files, configuration, lockfile, the build-time variables), so `npm test` then `npm run bench`
// builds once. `npx tsx tests/shared-build.ts` makes sure `dist/` is current.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = fileURLToPath(new URL('../', import.meta.url));
// The build holds the server's bundle too (`server/dist/main.js`, what production and these tests run).
const INPUT_DIRS = ['src', 'sw', 'public', 'server/src'];
const INPUT_FILES = [
  // The build script itself, and the server bundle's configuration (its sources are `server/src`).
  'package.json',
  'server/rolldown.config.ts',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package-lock.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
];
/** Outside `dist/` (which the server serves) and kept between runs like the other tools' caches. */
const STAMP = join(projectRoot, 'node_modules/.cache/shared-build.json');
export const DIST_DIR = join(projectRoot, 'dist');
export const SERVER_BUNDLE = join(projectRoot, 'server/dist/main.js');
/** The chat number the end-to-end tests expect (chat links hide without one); the bench builds with it too. */
export const TEST_BUILD_ENV: Record<string, string> = {
  VITE_CHAT_NUMBER: process.env.VITE_CHAT_NUMBER ?? '573001234567',
};

interface Stamp {
  inputs: string;
  /** What the build wrote: another build into `dist/` (`npm start`, `npm run build`) changes it. */
  output: string;
  buildMs: number;
  builtAt: string;
}

export interface SharedBuild {
  /** False when `dist/` already held the build of these inputs. */
  built: boolean;
  /** How long that build took, now or when it was made. */
  buildMs: number;
  builtAt: string;
}

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files: string[] = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    const entries = await readdir(join(projectRoot, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (entry.isFile()) files.push(relative(projectRoot, join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort()) {
    hash.update(file);
    hash.update(await readFile(join(projectRoot, file)));
  }
  const variables = Object.entries({ ...process.env, ...TEST_BUILD_ENV })
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(variables));
  return hash.digest('hex');
}

async function readStamp(): Promise<Stamp | undefined> {
  try {
    return JSON.parse(await readFile(STAMP, 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** The Vite manifest names every hashed chunk, and sw.js lists the precache: together they identify a build. */
async function outputHash(): Promise<string | undefined> {
  try {
    const hash = createHash('sha256');
    hash.update(await readFile(join(DIST_DIR, '.vite', 'manifest.json')));
    hash.update(await readFile(join(DIST_DIR, 'sw.js')));
    hash.update(await readFile(SERVER_BUNDLE));
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

function npmBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: projectRoot,
      env: { ...process.env, ...TEST_BUILD_ENV },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build terminó con ${code}`))));
  });
}

/** The build in `dist/` when it is the build of the current inputs; undefined when it must be made again. */
export async function currentSharedBuild(): Promise<SharedBuild | undefined> {
  const stamp = await readStamp();
  if (stamp && stamp.inputs === (await inputsHash()) && stamp.output === (await outputHash())) {
    return { built: false, buildMs: stamp.buildMs, builtAt: stamp.builtAt };
  }
  return undefined;
}

export async function ensureSharedBuild(): Promise<SharedBuild> {
  const current = await currentSharedBuild();
  if (current) return current;
  const started = performance.now();
  await npmBuild();
  const buildMs = performance.now() - started;
  const builtAt = new Date().toISOString();
  // Hashed after the build: `lingui extract` (part of it) may have brought the catalogues up to date.
  const output = await outputHash();
  if (!output) throw new Error('La compilación no dejó dist/.vite/manifest.json, dist/sw.js ni server/dist/main.js');
  const next: Stamp = { inputs: await inputsHash(), output, buildMs, builtAt };
  await mkdir(join(STAMP, '..'), { recursive: true });
  await writeFile(STAMP, JSON.stringify(next));
  return { built: true, buildMs, builtAt };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outcome = await ensureSharedBuild();
  console.info(
    outcome.built
      ? `Compilación lista en ${Math.round(outcome.buildMs)} ms.`
      : `dist/ ya tiene la compilación de estas fuentes (${outcome.builtAt}).`,
  );
}
