import { useRef } from 'react';
import { IDEMPOTENCY_HEADER } from './shared/orders';

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The header that makes a retried write take effect once on the server. */
export function idempotencyHeader(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/**
 * One key per thing being sent: the same key while the user retries the same content (a timeout, a lost answer),
 * a new one once it went through or the content changed, so a second, different submission is not mistaken for a
 * retry. `current(content)` gives the key for this content.
 */
export function useIdempotencyKey(): { current: (content: unknown) => string; renew: () => void } {
  const state = useRef<{ key: string; content: string } | null>(null);
  return {
    current: (content) => {
      const serialized = JSON.stringify(content);
      if (state.current?.content !== serialized) state.current = { key: newIdempotencyKey(), content: serialized };
      return state.current.key;
    },
    renew: () => {
      state.current = null;
    },
  };
}
