import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface TestIssuer {
  issuer: string;
  /** Signs an ID token with the issuer's published key (or `key` to forge one). */
  sign: (
    claims: Record<string, unknown>,
    options?: { key?: CryptoKey; expiresIn?: string | number; audience?: string },
  ) => Promise<string>;
  /** A key pair the issuer does not publish. */
  otherKey: CryptoKey;
  close: () => Promise<void>;
}

/** A local OpenID Connect issuer on 127.0.0.1: discovery document and JWKS from a generated RSA key pair. */
export async function startTestIssuer(clientId: string): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/.well-known/openid-configuration') {
      send({ issuer, jwks_uri: `${issuer}/jwks`, id_token_signing_alg_values_supported: ['RS256'] });
    } else if (request.url === '/jwks') {
      send({ keys: [jwk] });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    otherKey: other.privateKey,
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(issuer)
        .setAudience(options.audience ?? clientId)
        .setSubject(String(claims.sub ?? 'sujeto-1'))
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(options.key ?? privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
