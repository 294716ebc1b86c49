import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { redactForLog, withRequestFields, type Logger } from '../logger';
import type { AppEnv } from './app-env';
import { REQUEST_ID_HEADER } from './answer-headers';

/**
 * An id a proxy or the client sent is kept when it looks like one (a UUID, nginx's `$request_id`, a trace id), so
 * one request reads the same in their logs and ours; anything else (too long, spaces, `@`…) is replaced, as it would
 * otherwise put whatever the client chose in every line.
 */
const WELL_FORMED_REQUEST_ID = /^[\w.:=-]{1,128}$/;
/** A path may be 16 KB (`request-limits.ts`); the log keeps its start. */
const LOGGED_PATH_CHARS = 256;

function loggedPath(path: string): string {
  // Masked before it is cut: half an e-mail address would no longer look like one.
  const redacted = redactForLog(path);
  return redacted.length > LOGGED_PATH_CHARS ? `${redacted.slice(0, LOGGED_PATH_CHARS)}…` : redacted;
}

/**
 * Gives each request an id (answered in `X-Request-Id` by `answer-headers.ts`), makes every line logged while it is
 * handled carry it with the method and path, and writes the access line once the answer is ready: status and
 * duration, never the query string, the body or a header. `pollPaths` (health checks) log at debug.
 */
export function requestLog(logger: Logger, options: { pollPaths: ReadonlySet<string> }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const reqId = incoming !== undefined && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const fields = { reqId, method: c.req.method, path: loggedPath(c.req.path) };
    c.set('requestId', reqId);
    await withRequestFields(fields, next);
    logger.access?.({
      ...fields,
      // The route that answered: after `next`, Hono's route index is the last handler that ran.
      route: routePath(c),
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
      level: options.pollPaths.has(c.req.path) ? 'debug' : 'info',
    });
  };
}
