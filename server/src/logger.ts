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
