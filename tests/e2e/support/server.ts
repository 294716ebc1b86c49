import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** A fresh PGlite runs initdb, the migrations and the seed: about 5 s on a quiet machine, 40 s on a loaded one. */
const STARTUP_TIMEOUT_MS = 120_000;
const HEALTH_POLL_MS = 100;
/** Where global setup leaves the migrated and seeded data folder that every worker's server starts from. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DIR';
/** The server as production runs it: compiled by the shared build (`tests/shared-build.ts`), run by plain Node. */
const SERVER_BUNDLE = join(projectRoot, 'server/dist/main.js');

/**
 * Node's flags of `npm run serve` (its heap's bounds): the tests and the bench run the server with the same ones,
 * read from package.json so there is one list.
 */
export function serveNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...words] = (scripts.serve ?? '').split(/\s+/);
  if (command !== 'node' || words.at(-1) !== 'server/dist/main.js') {
    throw new Error('"serve" en package.json debe ser "node [opciones] server/dist/main.js"');
  }
  return words.slice(0, -1);
}

export interface RunningServer {
  url: string;
  /** The server's process (the bench reads its memory). */
  pid: number;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`El servidor terminó con código ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  server.kill('SIGKILL');
  throw new Error(`El servidor no respondió en ${STARTUP_TIMEOUT_MS} ms`);
}

/** More environment for a server, made once its address is known (PUBLIC_URL, a provider's fake…). */
export type ExtraEnv = (url: string) => Record<string, string>;

/**
 * Starts the real server (the built PWA and the API) on a free port over `dataDir`, on PGlite whatever the
 * environment says: the end-to-end tests never share a database.
 */
export async function startServer(dataDir: string, extraEnv?: ExtraEnv): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const server = spawn(process.execPath, [...serveNodeFlags(), SERVER_BUNDLE], {
    cwd: projectRoot,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...extraEnv?.(url),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(url, server);
  return {
    url,
    pid: server.pid ?? 0,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One migrated and seeded data folder for the whole run: each worker copies it instead of paying initdb, the
 * migrations and the seed again. The server that made it is stopped first, so PGlite's files are closed cleanly.
 */
export async function prepareTemplate(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dispensario-e2e-template-'));
  const server = await startServer(dir);
  await server.stop();
  return dir;
}

/** A worker's own server: a copy of the template, so no test ever sees another worker's writes. */
export async function startWorkerServer(extraEnv?: ExtraEnv): Promise<RunningServer> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} no está definido: ejecuta las pruebas con "npm run test:e2e"`);
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-e2e-worker-'));
  await cp(template, dataDir, { recursive: true });
  const server = await startServer(dataDir, extraEnv);
  return {
    url: server.url,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
