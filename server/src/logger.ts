import { inspect } from 'node:util';
import type { Logger } from './http/errors';

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const;

export function createLogger(level: keyof typeof LEVELS): Logger {
  const threshold = LEVELS[level];
  const noop = () => undefined;
  return {
    error: threshold >= LEVELS.error ? console.error.bind(console) : noop,
    info: threshold >= LEVELS.info ? console.info.bind(console) : noop,
    debug: threshold >= LEVELS.debug ? console.debug.bind(console) : noop,
  };
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

/** The app's logger: whatever it is given to write goes through `redactForLog` first, in every environment. */
export function redactingLogger(logger: Logger): Logger {
  const wrap =
    (write: (...parts: unknown[]) => void) =>
    (...parts: unknown[]) =>
      write(...parts.map(redactForLog));
  return {
    error: wrap(logger.error.bind(logger)),
    info: wrap(logger.info.bind(logger)),
    debug: wrap(logger.debug.bind(logger)),
  };
}
