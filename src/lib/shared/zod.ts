import { z } from 'zod';

// The storefront's Content-Security-Policy has no 'unsafe-eval': zod's JIT would probe `new Function` on the first
// object it parses, and the browser reports that probe as a violation even though zod catches it. Every schema module
// imports zod from here, so the setting is in place before any schema parses, on the server too (its request bodies
// are small: the JIT buys nothing there).
z.config({ jitless: true });

export { z };
