import { clientErrorReportSchema } from '../../../src/lib/shared/client-error-schemas';
import type { Api } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { WindowLimiter, type RateLimitRule } from '../http/rate-limit';
import type { Services } from '../http/services';

const TEN_MINUTES_MS = 10 * 60 * 1000;
/** A screen fails once or twice; a device in a crash loop must not fill the log. */
export const CLIENT_ERROR_LIMIT: RateLimitRule = { limit: 20, windowMs: TEN_MINUTES_MS };
/** Runs of digits (a document, a phone, an order number) could name a person: the log keeps their length only. */
const DIGIT_RUN = /\d{5,}/g;

/**
 * `POST /client-errors`: the storefront's error screens report what failed, so a fault in a release shows in the
 * server's log (with the request's id) before a user has to describe it. Always `204`: past the limit the report is
 * dropped, as the device cannot do anything with a refusal.
 */
export function registerClientErrorRoutes(api: Api, services: Services): void {
  const limiter = new WindowLimiter(CLIENT_ERROR_LIMIT, services.limiterStore, 'client-errors');

  api.post('/client-errors', { access: 'public', body: clientErrorReportSchema }, async (c) => {
    const report = c.req.valid('json');
    if ((await limiter.take(clientAddress(c, services.trustProxy))) === undefined) {
      const message = (report.message ?? '').replace(DIGIT_RUN, (digits) => `[${digits.length} dígitos]`);
      services.logger.error(
        `Error de la interfaz en ${report.route} (versión ${report.release ?? 'desconocida'}): ${report.name}: ${message}`,
      );
    }
    return c.body(null, 204);
  });
}
