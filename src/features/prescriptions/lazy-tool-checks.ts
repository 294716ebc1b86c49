import { lazyModule } from '../../lib/lazy-module';

/**
 * The indications' checks with the shared schema, and zod with them (24 KiB gzip): the builder's first steps and a
 * saved prescription's screens render without them, and ask for them when the page is idle or a step needs them.
 */
export const toolChecks = lazyModule(() => import('./tool-checks'));

export type ToolChecks = Awaited<ReturnType<typeof toolChecks.load>>;
