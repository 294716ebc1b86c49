import { AsyncLocalStorage } from 'node:async_hooks';
import { inspect } from 'node:util';
import pino, { type DestinationStream } from 'pino';

/** LOG_LEVEL's values, from nothing at all (the tests) to everything. */
export const LOG_LEVELS = ['silent', 'error', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The one line written per request once its answer is ready (`http/request-log.ts`). */
interface AccessLogEntry {
  reqId: string;
  method: string;
  /** The path without its query string: a query may carry a search for a patient's name or an e-mail. */
  path: string;
  /** The pattern of the route that answered (`/api/patients/:id`), the same for every patient. */
  route: string;
  status: number;
  durationMs: number;
  /** Polls of /api/health and /api/ready go at debug: a load balancer asks every few seconds. */
  level: 'info' | 'debug';
}

/**
 * What the server writes to its log: a message of several parts (`logger.error('No se pudo…:', error)`), as with
 * `console`; `access` is the per-request line, which loggers made by tests may leave out.
 */
export interface Logger {
  error(...parts: unknown[]): void;
  info(...parts: unknown[]): void;
  debug(...parts: unknown[]): void;
  access?(entry: AccessLogEntry): void;
}

/** What every line written while a request is handled carries, whichever module writes it. */
interface RequestLogFields {
  reqId: string;
  method: string;
  path: string;
}

const requestFields = new AsyncLocalStorage<RequestLogFields>();

/** Runs `handle` so that every line logged until it settles (the mailer's, the error handler's…) names the request. */
export function withRequestFields<T>(fields: RequestLogFields, handle: () => T): T {
  return requestFields.run(fields, handle);
}

/**
 * The server's log: one JSON object per line on stdout (`level`, `time`, `msg`, and `reqId`, `method`, `path` for
 * the lines of a request), every part of every message through `redactForLog`. `destination` is for tests.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    // `"level":"error"` rather than pino's numbers, for whoever reads the line without a tool.
    formatters: { level: (label) => ({ level: label }) },
    // A copy: pino assigns the line's own fields onto what the mixin returns.
    mixin: () => ({ ...requestFields.getStore() }),
  };
  // Without a destination, pino's own on stdout: written asynchronously, and flushed when the process exits (the
  // shutdown's last line is logged just before `process.exit`).
  const sink = destination ? pino(options, destination) : pino(options);
  // The parts arrive redacted (redactingLogger below), so they are strings already.
  const message = (parts: unknown[]) => parts.join(' ');
  return redactingLogger({
    error: (...parts) => sink.error(message(parts)),
    info: (...parts) => sink.info(message(parts)),
    debug: (...parts) => sink.debug(message(parts)),
    access: ({ level: entryLevel, ...entry }) => sink[entryLevel](entry, 'solicitud atendida'),
  });
}

const EMAIL_ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
/** Link parameters that carry secrets: invitations, reset tokens. */
const SECRET_PARAMETER = /\b(invitacion|token)=[^\s&#"'<>]+/gi;
/** Session and reset tokens, invitation codes, their hashes: long unbroken base64url or hex runs. */
const SECRET_RUN = /[A-Za-z0-9_-]{32,}/g;

/**
 * One part of a log line as text with e-mail addresses and secrets masked. An error is its stack and nothing else:
 * a database error's other fields repeat the row's values (PostgreSQL's `detail`: `Key (email)=(…) already
 * exists`), and a mail server's message names the recipient.
 */
export function redactForLog(part: unknown): string {
  const text =
    part instanceof Error
      ? (part.stack ?? `${part.name}: ${part.message}`)
      : typeof part === 'string'
        ? part
        : inspect(part, { depth: 2 });
  return text
    .replace(EMAIL_ADDRESS, '[correo]')
    .replace(SECRET_PARAMETER, '$1=[secreto]')
    .replace(SECRET_RUN, '[secreto]');
}

/** Loggers whose every line already goes through `redactForLog`: wrapping them again would only redo the work. */
const redacting = new WeakSet<Logger>();

/** The app's logger: whatever it is given to write goes through `redactForLog` first, in every environment. */
export function redactingLogger(logger: Logger): Logger {
  if (redacting.has(logger)) return logger;
  const wrap =
    (write: (...parts: unknown[]) => void) =>
    (...parts: unknown[]) =>
      write(...parts.map(redactForLog));
  const { access } = logger;
  const wrapped: Logger = {
    error: wrap(logger.error.bind(logger)),
    info: wrap(logger.info.bind(logger)),
    debug: wrap(logger.debug.bind(logger)),
    // An invitation's code travels in its path (`/api/invitations/:code`).
    ...(access && {
      access: (entry: AccessLogEntry) => access.call(logger, { ...entry, path: redactForLog(entry.path) }),
    }),
  };
  redacting.add(wrapped);
  return wrapped;
}
