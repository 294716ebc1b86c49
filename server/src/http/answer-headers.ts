import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { apiHeaders, storefrontHeaders, type HeaderRecord, type SecurityHeaderSets } from './security-headers';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Answers made with every header already in place (`completeAnswer`). The middlewares that add headers leave them
 * alone, so Node writes their plain record as it is: a header set on an answer after it is made goes through a
 * `Headers` object, validated and sorted, which cost about a tenth of a kept catalogue answer's CPU under load.
 */
const completeAnswers = new WeakSet<Response>();

export function isCompleteAnswer(response: Response): boolean {
  return completeAnswers.has(response);
}

/** An API answer with this request's security headers and id, then its own headers (which win). */
export function completeAnswer(
  c: Context<AppEnv>,
  body: Uint8Array<ArrayBuffer> | string | null,
  status: number,
  headers: HeaderRecord,
): Response {
  const response = new Response(body, { status, headers: { ...c.get('answerHeaders'), ...headers } });
  completeAnswers.add(response);
  return response;
}

/** Whether a request's Accept-Encoding takes gzip: the kept answers' compressed copies are gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return /\bgzip\b/i.test(acceptEncoding ?? '');
}

/** The request's id as a header, once the request log has given it one. */
function requestIdOf(c: Context<AppEnv>): HeaderRecord {
  const id = c.get('requestId');
  return id ? { [REQUEST_ID_HEADER]: id } : {};
}

/** Sets each header the answer does not carry yet: a handler's own policy (an upload's, the payment page's) stays. */
function addMissing(headers: Headers, wanted: HeaderRecord): void {
  for (const [name, value] of Object.entries(wanted)) if (!headers.has(name)) headers.set(name, value);
}

/**
 * Every API answer's headers: the API's security set for its kind of answer, the request's id and `no-store`
 * (answers depend on the session and the country: no shared cache) unless the handler says otherwise. Handlers that
 * build their answer with `completeAnswer` (JSON) get the data set at construction; the others get the missing
 * headers afterwards, by their content type.
 */
export function apiAnswerHeaders(sets: SecurityHeaderSets): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const perRequest = { ...requestIdOf(c), 'cache-control': 'no-store' };
    c.set('answerHeaders', { ...sets.apiData, ...perRequest });
    await next();
    if (isCompleteAnswer(c.res)) return;
    const headers = c.res.headers;
    addMissing(headers, { ...apiHeaders(sets, headers.get('content-type')), ...perRequest });
  };
}

/** The storefront's answers: documents get the document set, its other files the short one. */
export function storefrontAnswerHeaders(sets: SecurityHeaderSets): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    addMissing(headers, {
      ...storefrontHeaders(sets, c.req.path, headers.get('content-type')),
      ...requestIdOf(c),
    });
  };
}
