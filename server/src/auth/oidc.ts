import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Refusal } from '../refusal';

export interface OidcSettings {
  /** The issuer exactly as its tokens name it; discovery is read from `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
}

export const OIDC_NOT_CONFIGURED_MESSAGE = 'El inicio de sesión con proveedor externo no está configurado.';
const OIDC_INVALID_TOKEN_MESSAGE = 'El token del proveedor de identidad no es válido o expiró.';
const OIDC_UNVERIFIED_EMAIL_MESSAGE = 'El proveedor de identidad no ha verificado tu correo.';
const OIDC_UNREACHABLE_MESSAGE = 'No se pudo contactar al proveedor de identidad. Intenta más tarde.';

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const DISCOVERY_TIMEOUT_MS = 5000;
const CLOCK_TOLERANCE_S = 30;

/** Verifies OpenID Connect ID tokens: signature by the issuer's published keys, issuer, audience and expiry. */
export class OidcVerifier {
  #keys: Promise<JWTVerifyGetKey> | undefined;

  constructor(readonly settings: OidcSettings) {}

  async #discover(): Promise<JWTVerifyGetKey> {
    const base = this.settings.issuer.replace(/\/+$/, '');
    const response = await fetch(`${base}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`Descubrimiento OIDC: HTTP ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== this.settings.issuer) throw new Error('Descubrimiento OIDC: el emisor no coincide');
    if (typeof document.jwks_uri !== 'string') throw new Error('Descubrimiento OIDC: falta jwks_uri');
    return createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: DISCOVERY_TIMEOUT_MS });
  }

  #keySet(): Promise<JWTVerifyGetKey> {
    if (!this.#keys) {
      const pending = this.#discover();
      this.#keys = pending;
      // A failed discovery is not remembered: the next login tries again.
      pending.catch(() => {
        if (this.#keys === pending) this.#keys = undefined;
      });
    }
    return this.#keys;
  }

  /** The verified e-mail of the token's subject. */
  async verifiedEmail(idToken: string): Promise<string> {
    let keys: JWTVerifyGetKey;
    try {
      keys = await this.#keySet();
    } catch {
      throw new Refusal(502, OIDC_UNREACHABLE_MESSAGE);
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        issuer: this.settings.issuer,
        audience: this.settings.clientId,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      const unreachable =
        !(error instanceof errors.JOSEError) ||
        error instanceof errors.JWKSTimeout ||
        error.code === 'ERR_JOSE_GENERIC';
      throw new Refusal(unreachable ? 502 : 401, unreachable ? OIDC_UNREACHABLE_MESSAGE : OIDC_INVALID_TOKEN_MESSAGE);
    }
    if (typeof payload.email !== 'string' || payload.email_verified !== true) {
      throw new Refusal(401, OIDC_UNVERIFIED_EMAIL_MESSAGE);
    }
    return payload.email;
  }
}
