import type { Context } from 'hono';
import type { ActiveSession } from '../sessions/repo';

// The request's environment, apart from the modules that fill it (the access wrapper, the Idempotency-Key claim,
// the validators), so none of them imports another for its types.

/** Who is calling: the session's user, its session row and the session's country. */
export type Viewer = ActiveSession;

/** The key of the request being handled, for a route that stores it on the row it writes (`c.get('idempotency')`). */
export interface IdempotencyClaim {
  key: string;
  /** The request's content hash: the row keeps it, so the same key with other content is refused later too. */
  hash: string;
  /** The claim's row in `idempotent_requests`, which `storeAnswerWith` completes inside the write's transaction. */
  claimId: number;
}

export interface AppEnv {
  /** `idempotency`: the Idempotency-Key claimed for this request, when it sent one to an idempotent route. */
  Variables: { viewer: Viewer | null; idempotency: IdempotencyClaim | undefined };
}

export type AppContext = Context<AppEnv>;
