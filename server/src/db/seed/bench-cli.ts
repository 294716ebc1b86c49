// `npm run seed:bench -- 5000`: grows the configured database to that many generated products.
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { seedBenchProducts } from './bench';
import { seedIfEmpty } from './seed';

const DEFAULT_BENCH_PRODUCTS = 5000;
const target = Number(process.argv[2] ?? DEFAULT_BENCH_PRODUCTS);
if (!Number.isSafeInteger(target) || target < 0) {
  console.error('Uso: npm run seed:bench -- <cantidad de productos>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
await seedIfEmpty(database.db);
const added = await seedBenchProducts(database.db, target);
console.info(`Productos de benchmark añadidos: ${added} (objetivo ${target}).`);
await database.close();
