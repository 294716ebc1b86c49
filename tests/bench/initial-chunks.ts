// `npx tsx tests/bench/initial-chunks.ts`: the chunks of the initial JS with their sizes and the modules that weigh
// most in each, to find what pushed the app shell over its budget.
import { buildWithManifest, htmlEntry, measureJs, staticClosure } from './bundle';

const outcome = await buildWithManifest();
const keys = staticClosure(outcome.manifest, (await htmlEntry(outcome.manifest, outcome.outDir)).keys);
const initial = await measureJs(outcome.manifest, outcome.outDir, keys);
console.info(`initial JS: ${(initial.gzipBytes / 1024).toFixed(1)} KiB gzip in ${initial.chunks.length} chunks`);
for (const chunk of initial.chunks) {
  console.info(`  ${(chunk.gzipBytes / 1024).toFixed(1).padStart(6)} KiB  ${chunk.file}`);
}
