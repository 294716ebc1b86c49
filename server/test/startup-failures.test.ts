import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
/** tsx compiles the whole server on each start; on a loaded two-core machine that takes a while. */
const START_TIMEOUT_MS = 120_000;

interface Outcome {
  code: number | null;
  output: string;
}

/** Starts the real server with `env` and waits for it to give up. */
function startServer(env: Record<string, string>): Promise<Outcome> {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: projectRoot,
      env: { ...inherited, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'error', REMINDERS_INTERVAL_MS: '600000', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`El servidor no terminó: ${output}`));
    }, START_TIMEOUT_MS - 5_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A local port nothing listens on: one just opened and closed again. */
async function closedPort(): Promise<number> {
  const closed = createServer();
  const port = await listening(closed);
  await new Promise((resolve) => closed.close(resolve));
  return port;
}

/**
 * A PostgreSQL server that knows no database: it answers every startup message with the FATAL error 3D000, as
 * PostgreSQL does for a database name it does not have.
 */
function postgresWithoutDatabases(): Server {
  return createServer((socket) => {
    socket.once('data', () => {
      const fields = ['SFATAL', 'VFATAL', 'C3D000', 'Mdatabase "tienda_inexistente" does not exist']
        .map((field) => `${field}\0`)
        .join('');
      const body = Buffer.from(`${fields}\0`);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeUInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([header, body]));
    });
  });
}

let dataDir: string;
const servers: Server[] = [];
/**
 * The data folder of the starts that get as far as the database: the first migrates and seeds it (the port is taken
 * only after that), the later ones find it ready, as a restarted store does. Each costs a start, not a seed.
 */
const SERVED_DATA = 'servida';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dispensario-start-'));
});

afterAll(async () => {
  for (const server of servers) server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The port `server` listens on until the file's tests end. */
function listeningToTheEnd(server: Server): Promise<number> {
  servers.push(server);
  return listening(server);
}

function expectOneLine(outcome: Outcome, pattern: RegExp) {
  expect(outcome.code).toBe(1);
  const lines = outcome.output.trim().split('\n');
  expect(lines, outcome.output).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(outcome.output).not.toMatch(/\n\s+at /);
}

describe('a failed start prints one Spanish line and exits with 1', () => {
  it(
    'the data folder cannot be written',
    async () => {
      // Root writes through permission bits; a folder under /sys cannot be created even by root.
      let readOnly = '/sys/dispensario-prueba';
      if (process.getuid?.() !== 0) {
        const locked = join(dataDir, 'solo-lectura');
        await mkdir(locked, { mode: 0o500 });
        readOnly = join(locked, 'datos');
      }
      const outcome = await startServer({ DATA_DIR: readOnly });
      expectOneLine(outcome, /^No se puede escribir en la carpeta \S+ \(E[A-Z]+\): .*DATA_DIR/);
    },
    START_TIMEOUT_MS,
  );

  it(
    'DATABASE_URL points where no PostgreSQL listens (the password never shows)',
    async () => {
      const port = await closedPort();
      const outcome = await startServer({ DATABASE_URL: `postgres://tienda:secreto@127.0.0.1:${port}/tienda` });
      expectOneLine(
        outcome,
        new RegExp(`^No se pudo conectar con PostgreSQL en 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
      );
      expect(outcome.output).not.toContain('secreto');
    },
    START_TIMEOUT_MS,
  );

  it(
    'REDIS_URL points where no Redis listens (the password never shows)',
    async () => {
      const port = await closedPort();
      const outcome = await startServer({
        DATA_DIR: join(dataDir, 'redis'),
        REDIS_URL: `redis://tienda:secreto@127.0.0.1:${port}/0`,
      });
      expectOneLine(
        outcome,
        new RegExp(`^No se pudo conectar con Redis en 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\): .*REDIS_URL`),
      );
      expect(outcome.output).not.toContain('secreto');
    },
    START_TIMEOUT_MS,
  );

  it(
    'the database of DATABASE_URL does not exist',
    async () => {
      const port = await listeningToTheEnd(postgresWithoutDatabases());
      const outcome = await startServer({
        DATABASE_URL: `postgres://tienda:secreto@127.0.0.1:${port}/tienda_inexistente`,
      });
      expectOneLine(outcome, /^La base de datos "tienda_inexistente" no existe .*createdb tienda_inexistente/);
    },
    START_TIMEOUT_MS,
  );

  it(
    'the port is taken; with LOG_LEVEL=debug the cause follows the line',
    async () => {
      const port = await listeningToTheEnd(createServer());
      const env = { DATA_DIR: join(dataDir, SERVED_DATA), PORT: String(port) };
      expectOneLine(await startServer(env), new RegExp(`^El puerto ${port} ya está en uso: .*PORT`));

      const debug = await startServer({ ...env, LOG_LEVEL: 'debug' });
      expect(debug.code).toBe(1);
      expect(debug.output).toMatch(new RegExp(`El puerto ${port} ya está en uso`));
      expect(debug.output).toMatch(/EADDRINUSE/);
    },
    START_TIMEOUT_MS * 2,
  );
});

describe('a running server on SIGTERM', () => {
  it(
    'stops being ready, closes and exits with 0',
    async () => {
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: projectRoot,
        env: {
          ...inherited,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          REMINDERS_INTERVAL_MS: '600000',
          DATA_DIR: join(dataDir, SERVED_DATA),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const listeningAt = new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const url = /listo en (http:\/\/localhost:\d+)/.exec(output)?.[1];
          if (url) resolve(url);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then(() => reject(new Error(`El servidor terminó antes de escuchar: ${output}`)));
      });
      try {
        const url = (await listeningAt).replace('localhost', '127.0.0.1');
        expect((await fetch(`${url}/api/ready`)).status).toBe(200);
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        // Inherited: with REDIS_URL this start counts in Redis, and closes that connection too.
        expect(output).toMatch(
          process.env.REDIS_URL ? /Límites de intentos: en Redis/ : /Límites de intentos: en memoria/,
        );
        expect(output).toMatch(/SIGTERM recibido: cerrando el servidor/);
        expect(output).toMatch(/Servidor cerrado\./);
      } finally {
        child.kill('SIGKILL');
      }
    },
    START_TIMEOUT_MS,
  );
});
