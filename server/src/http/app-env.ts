import type { Context } from 'hono';
import type { IdempotencyClaim } from '../db/idempotent-requests';
import type { ActiveSession } from '../sessions/repo';
import type { HeaderRecord } from './security-headers';

// The request's environment, apart from the modules that fill it (the access wrapper, the Idempotency-Key claim,
// the validators), so none of them imports another for its types.

/** Who is calling: the session's user, its session row and the session's country. */
export type Viewer = ActiveSession;

export interface AppEnv {
  /**
   * `idempotency`: the Idempotency-Key claimed for this request, when it sent one to an idempotent route; a route
   * stores it on the row it writes. `requestId`: this request's id (`request-log.ts`); `answerHeaders`: the headers
   * every API answer carries (`answer-headers.ts`).
   */
  Variables: {
    viewer: Viewer | null;
    idempotency: IdempotencyClaim | undefined;
    requestId: string;
    answerHeaders: HeaderRecord;
  };
}

export type AppContext = Context<AppEnv>;
