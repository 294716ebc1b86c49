import type { Context, Handler, Hono, Input, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BlankInput } from 'hono/types';
import type { Kysely } from 'kysely';
import { PROFESSIONAL_ROLES, type Role } from '../../../src/lib/shared/accounts';
import { isCountryCode } from '../../../src/lib/shared/countries';
import { EXPECTED_USER_HEADER } from '../../../src/lib/shared/outbox';
import type { Database } from '../db/schema';
import { sessionCookieTokens } from '../sessions/cookie';
import { findActiveSession, type SessionCache, type VersionedSessionCache } from '../sessions/repo';
import type { z } from '../../../src/lib/shared/zod';
import { idempotencyMiddleware, type IdempotentRoute } from './idempotency';
import type { AppContext, AppEnv, Viewer } from './app-env';
import { Refusal } from '../refusal';
import { validatedForm, validatedJson, validatedQuery } from './validated';

/**
 * Who may call a route. `approvedProfessional` is a doctor or health professional whose approval is `approved`;
 * `{ roles, approved: true }` lists roles and asks professionals among them to be approved (admins always are).
 */
export type AccessRule =
  'public' | 'authenticated' | 'approvedProfessional' | readonly Role[] | { roles: readonly Role[]; approved: true };

const MISSING_TOKEN_MESSAGE = 'No hay un token de autenticación disponible.';
const EXPIRED_SESSION_MESSAGE = 'Tu sesión expiró o no tienes permisos. Inicia sesión nuevamente.';
export const INVALID_SESSION_MESSAGE = 'Sesión inválida';
export const FORBIDDEN_MESSAGE = 'No tienes permisos para realizar esta acción.';
const NOT_APPROVED_MESSAGE =
  'Tu cuenta profesional aún no está aprobada: podrás usar esta función cuando revisemos tus credenciales.';
export const OTHER_ACCOUNT_MESSAGE =
  'Este envío pendiente lo hizo otra cuenta: se enviará cuando esa cuenta vuelva a iniciar sesión en este dispositivo.';
const BODY_TOO_LARGE_MESSAGE = 'La solicitud es demasiado grande.';
export const CROSS_SITE_MESSAGE =
  'Esta solicitud no viene de la tienda y no se aceptó. Recarga la página e inténtalo de nuevo.';

/** How the server recognises its callers' sessions. */
interface SessionPolicy {
  /** The server's own origin (PUBLIC_URL or the address it listens on): where cookie-authenticated writes come from. */
  ownOrigin: () => string;
  /** A session unused this long ends before its 24 hours. */
  idleTimeoutMs: number;
  /** Sessions kept between writes of the embedded database (PGlite), or checked by their versions (PostgreSQL). */
  sessionCache?: SessionCache | VersionedSessionCache | undefined;
}

const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

interface RouteOptions<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
> {
  access: AccessRule;
  /** Extra checks the handler makes on top of the rule (for instance "owner, admin"); documents the RBAC table. */
  ownership?: string;
  /** 401 messages: no token at all, and a token that is unknown, revoked or expired. */
  messages?: { missing?: string; invalid?: string };
  /** Largest request body; 64 KB unless said otherwise. */
  maxBodyBytes?: number;
  tooLargeMessage?: string;
  /**
   * Honour an `Idempotency-Key` header: a retry with the same key and content gets the first answer again. A route
   * whose rows keep the key says how to answer from them, so a write committed but never answered is not repeated.
   */
  idempotent?: boolean | IdempotentRoute;
  /**
   * The shared schema of the JSON body (`src/lib/shared/*-schemas.ts`): anything else is refused with the one Spanish
   * 400 (`fieldErrors` per field) before the handler runs, which reads the parsed body with `c.req.valid('json')`.
   */
  body?: B;
  /** The shared schema of the query string, the same way: `c.req.valid('query')`. */
  query?: Q;
  /** The shared schema of a multipart form's fields (files included), the same way: `c.req.valid('form')`. */
  form?: F;
}

/** What `body` and `query` give the handler's `c.req.valid`. */
type ValidatedInput<B, Q, F> = (B extends z.ZodType
  ? { in: { json: z.input<B> }; out: { json: z.output<B> } }
  : BlankInput) &
  (Q extends z.ZodType ? { in: { query: z.input<Q> }; out: { query: z.output<Q> } } : BlankInput) &
  (F extends z.ZodType ? { out: { form: z.output<F> } } : BlankInput);

type RouteHandler<B, Q, F> = Handler<AppEnv, string, ValidatedInput<B, Q, F> & Input>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteEntry {
  method: Method;
  /** Path under `/api`, in Hono's syntax (`/credentials/files/:id`). */
  path: string;
  access: AccessRule;
  ownership: string | undefined;
}

function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

type SessionProblem = 'missing' | 'invalid' | 'country' | 'cross-site';

export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a cookie-authenticated write comes from the storefront itself: the browser's `Sec-Fetch-Site` says
 * same-origin (also behind the development proxy or a test proxy, where the origin differs from PUBLIC_URL), or
 * `Origin` is the server's own. No header a page can forge decides it.
 */
function fromOwnOrigin(c: Context, policy: SessionPolicy): boolean {
  if (c.req.header('sec-fetch-site') === 'same-origin') return true;
  const origin = c.req.header('origin');
  return origin !== undefined && origin === policy.ownOrigin();
}

async function resolveViewer(
  c: Context,
  db: Kysely<Database>,
  policy: SessionPolicy,
): Promise<{ viewer: Viewer | null; problem: SessionProblem }> {
  const headerCountry = c.req.header('x-country')?.trim().toLowerCase();
  const bearer = bearerToken(c);
  if (bearer) {
    // API clients: the token is theirs to send, so no cross-site check is needed.
    const found = await findActiveSession(db, bearer, policy.idleTimeoutMs, policy.sessionCache);
    if (!found) return { viewer: null, problem: 'invalid' };
    // A token used for another country's requests is a client mixing sessions (product §3: sessions per country).
    if (headerCountry && headerCountry !== found.country) return { viewer: null, problem: 'country' };
    return { viewer: found, problem: 'invalid' };
  }
  const country = isCountryCode(headerCountry) ? headerCountry : undefined;
  const candidates = sessionCookieTokens(c, country);
  if (candidates.length === 0) return { viewer: null, problem: 'missing' };
  for (const token of candidates) {
    const found = await findActiveSession(db, token, policy.idleTimeoutMs, policy.sessionCache);
    if (!found) continue;
    // The browser sends the cookie with any request to this server: a write must prove it comes from the storefront.
    if (!SAFE_METHODS.has(c.req.method) && !fromOwnOrigin(c, policy)) return { viewer: null, problem: 'cross-site' };
    return { viewer: found, problem: 'invalid' };
  }
  return { viewer: null, problem: 'invalid' };
}

/** true, or why not: a role outside the rule, or a professional not yet approved. */
function accessDecision(rule: AccessRule, viewer: Viewer): true | 'forbidden' | 'not-approved' {
  const { role, approval_status: approval } = viewer.user;
  if (rule === 'public' || rule === 'authenticated') return true;
  const roles: readonly Role[] =
    rule === 'approvedProfessional' ? PROFESSIONAL_ROLES : 'roles' in rule ? rule.roles : rule;
  const needsApproval = rule === 'approvedProfessional' || ('approved' in rule && rule.approved);
  if (!roles.includes(role)) return 'forbidden';
  if (needsApproval && PROFESSIONAL_ROLES.includes(role) && approval !== 'approved') return 'not-approved';
  return true;
}

function accessMiddleware(
  db: Kysely<Database>,
  policy: SessionPolicy,
  options: Pick<RouteOptions, 'access' | 'messages'>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { viewer, problem } = await resolveViewer(c, db, policy);
    // On public routes a bad token (or a cookie sent by another site) is simply anonymous: the catalogue must not fail
    // because a session ended.
    c.set('viewer', viewer);
    if (options.access === 'public') return next();
    if (problem === 'cross-site') throw new Refusal(403, CROSS_SITE_MESSAGE);
    if (!viewer) {
      const message =
        problem === 'missing'
          ? (options.messages?.missing ?? MISSING_TOKEN_MESSAGE)
          : problem === 'country'
            ? INVALID_SESSION_MESSAGE
            : (options.messages?.invalid ?? EXPIRED_SESSION_MESSAGE);
      throw new Refusal(401, message);
    }
    // A replay of a write made by another account waits for that account's session instead of going out as this one.
    const expected = c.req.header(EXPECTED_USER_HEADER);
    if (expected !== undefined && expected !== viewer.user.uid) throw new Refusal(401, OTHER_ACCOUNT_MESSAGE);
    const decision = accessDecision(options.access, viewer);
    if (decision === 'forbidden') throw new Refusal(403, FORBIDDEN_MESSAGE);
    if (decision === 'not-approved') throw new Refusal(403, NOT_APPROVED_MESSAGE);
    return next();
  };
}

/** The caller of a route that is not public. */
export function viewerOf(c: AppContext): Viewer {
  const viewer = c.get('viewer');
  if (!viewer) throw new Refusal(401, EXPIRED_SESSION_MESSAGE);
  return viewer;
}

export function optionalViewer(c: AppContext): Viewer | null {
  return c.get('viewer') ?? null;
}

/**
 * Routes are declared through this wrapper so each one states who may call it; the list it keeps is what the RBAC
 * test walks.
 */
export class Api {
  readonly routes: RouteEntry[] = [];

  constructor(
    readonly app: Hono<AppEnv>,
    private readonly db: Kysely<Database>,
    private readonly policy: SessionPolicy,
  ) {}

  on<
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    F extends z.ZodType | undefined = undefined,
  >(method: Method, path: string, options: RouteOptions<B, Q, F>, handler: RouteHandler<B, Q, F>): void {
    this.routes.push({ method, path, access: options.access, ownership: options.ownership });
    const middlewares: MiddlewareHandler<AppEnv>[] = [accessMiddleware(this.db, this.policy, options)];
    if (method !== 'GET') {
      const tooLarge = options.tooLargeMessage ?? BODY_TOO_LARGE_MESSAGE;
      middlewares.push(
        bodyLimit({
          maxSize: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
          onError: () => {
            throw new Refusal(413, tooLarge);
          },
        }),
      );
    }
    if (options.idempotent) {
      const route = options.idempotent === true ? undefined : options.idempotent;
      middlewares.push(idempotencyMiddleware(this.db, route));
    }
    // Last before the handler: a replayed answer is given without reading the body again.
    if (options.query) middlewares.push(validatedQuery(options.query));
    if (options.body) middlewares.push(validatedJson(options.body));
    if (options.form) middlewares.push(validatedForm(options.form));
    this.app.on(method, [path], ...middlewares, handler as Handler<AppEnv>);
  }

  /** `on` for one method; the methods below are the ones routes are declared with. */
  private method(method: Method) {
    return <
      B extends z.ZodType | undefined = undefined,
      Q extends z.ZodType | undefined = undefined,
      F extends z.ZodType | undefined = undefined,
    >(
      path: string,
      options: RouteOptions<B, Q, F>,
      handler: RouteHandler<B, Q, F>,
    ): void => this.on(method, path, options, handler);
  }

  /** A GET has no body to validate. */
  readonly get: <Q extends z.ZodType | undefined = undefined>(
    path: string,
    options: RouteOptions<undefined, Q>,
    handler: RouteHandler<undefined, Q, undefined>,
  ) => void = this.method('GET');
  readonly post = this.method('POST');
  readonly patch = this.method('PATCH');
  readonly put = this.method('PUT');
  readonly delete = this.method('DELETE');
}

/** A path parameter of the matched route (always present once the route matched). */
export function pathParam(c: AppContext, name: string): string {
  return c.req.param(name) ?? '';
}
