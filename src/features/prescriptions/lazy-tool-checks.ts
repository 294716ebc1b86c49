import { lazyModule } from '../../lib/lazy-module';

/**
 * The indications' checks with the shared schema, and zod with them (24 KiB gzip): the builder's first steps and a
 * saved prescription's screens render without them. The builder downloads them once the page is idle and waits for
 * them from step 3; the template form asks for them when it opens.
 */
export const toolChecks = lazyModule(() => import('./tool-checks'));

export type ToolChecks = Awaited<ReturnType<typeof toolChecks.load>>;
