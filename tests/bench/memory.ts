import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server';
import { seedBenchDatabase } from './api-load';

/** After start-up, before the idle figure: the server finishes its first sweeps and schedulers (ms). */
const IDLE_SETTLE_MS = 3000;
/** How often the resident size is read during the load (ms). */
const SAMPLE_EVERY_MS = 250;
const KB_PER_MB = 1024;

export interface MemoryFigures {
  /** Resident set size (MB) of the idle server, after start-up. */
  idleMb: number;
  /** The largest resident size read during the load (MB). */
  peakMb: number;
  /** Right after the load (MB). */
  afterMb: number;
}

/** VmRSS of a process, from Linux's /proc (MB). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / KB_PER_MB;
}

/**
 * Issue #18: the production server's memory (`server/dist/main.js`, a process of its own, as `npm start` runs it)
 * idle and under `durationS` seconds of load on `path`, over PGlite or, with `databaseUrl`, PostgreSQL, with
 * `products` generated products.
 */
export async function benchServerMemory(options: {
  databaseUrl?: string | undefined;
  products: number;
  path: string;
  durationS: number;
  connections: number;
}): Promise<MemoryFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-memory-'));
  try {
    await seedBenchDatabase({ databaseUrl: options.databaseUrl, dataDir, products: options.products });
    const env = (): Record<string, string> => (options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {});
    const server = await startServer(dataDir, env);
    try {
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      const idleMb = await residentMb(server.pid);
      let peakMb = idleMb;
      const sampler = setInterval(() => {
        void residentMb(server.pid).then(
          (mb) => (peakMb = Math.max(peakMb, mb)),
          () => undefined,
        );
      }, SAMPLE_EVERY_MS);
      try {
        await autocannon({
          url: `${server.url}${options.path}`,
          connections: options.connections,
          duration: options.durationS,
          workers: 1,
        });
      } finally {
        clearInterval(sampler);
      }
      const afterMb = await residentMb(server.pid);
      return { idleMb, peakMb: Math.max(peakMb, afterMb), afterMb };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
