import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A request the service turns down, with the Spanish message its user reads as it is and the status it is answered
 * with. Services and repositories throw it; the HTTP layer (`http/errors.ts`) turns it into the refusal's JSON.
 */
export class Refusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    /** More JSON fields (for instance `fieldErrors`) and response headers (for instance `Retry-After`). */
    readonly extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const badRequest = (message: string, errors?: string[]) => new Refusal(400, message, errors);
export const notFound = (message: string) => new Refusal(404, message);
