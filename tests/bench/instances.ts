import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { roundRobinProxy } from '../../server/test/round-robin-proxy';
import { startServer, type RunningServer } from '../e2e/support/server';
import { measureLoad, seedBenchDatabase, type LoadFigures, type LoadSettings } from './api-load';

/** Requests autocannon abandons at the end of a run are still in the servers: a pause before the next run (ms). */
const SETTLE_MS = 1000;

export interface InstancesFigure {
  instances: number;
  load: LoadFigures;
  /** Answers each instance gave during the run and its warm-up: the proxy spread them evenly. */
  served: number[];
}

/**
 * Issue #21: the production server (`server/dist/main.js`, one process each) on one PostgreSQL database, `counts`
 * instances at a time behind the round-robin proxy of the three-instance test, loaded through the proxy. One
 * instance is measured behind the same proxy, so the proxy's own cost is in both figures.
 */
export async function benchInstances(options: {
  databaseUrl: string;
  products: number;
  path: string;
  counts: readonly number[];
  settings: LoadSettings;
}): Promise<InstancesFigure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dispensario-bench-instances-'));
  try {
    await seedBenchDatabase({ databaseUrl: options.databaseUrl, dataDir, products: options.products });
    const figures: InstancesFigure[] = [];
    for (const count of options.counts) {
      const servers: RunningServer[] = [];
      try {
        for (let index = 0; index < count; index += 1) {
          const folder = join(dataDir, `instance-${count}-${index}`);
          servers.push(await startServer(folder, () => ({ DATABASE_URL: options.databaseUrl })));
        }
        const ports = servers.map((server) => Number(new URL(server.url).port));
        const proxy = await roundRobinProxy(() => ports);
        try {
          const settle = () => new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS));
          const load = await measureLoad(`${proxy.url}${options.path}`, options.settings, settle);
          figures.push({ instances: count, load, served: [...proxy.served] });
        } finally {
          await proxy.close();
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
    return figures;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
