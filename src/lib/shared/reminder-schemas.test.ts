import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGE,
  ENDPOINT_PUBLIC_MESSAGE,
  ENDPOINT_URL_MESSAGE,
  EXPIRATION_MESSAGE,
  P256DH_MESSAGE,
  PUSH_LANGUAGE_MESSAGE,
  pushLanguageSchema,
  pushSubscriptionSchema,
} from './reminder-schemas';
import { schemaProblems } from '../../testing/schema-problems';

describe('pushLanguageSchema', () => {
  it('keeps Spanish and English', () => {
    expect(pushLanguageSchema.parse('es')).toBe('es');
    expect(pushLanguageSchema.parse('en')).toBe('en');
  });

  it('reads a missing or null language as Spanish, as older clients send', () => {
    expect(pushLanguageSchema.parse(undefined)).toBe('es');
    expect(pushLanguageSchema.parse(null)).toBe('es');
  });

  it('refuses any other value with a Spanish message', () => {
    for (const value of ['fr', 'EN', 'es-CO', '', 1, true, ['en'], { language: 'en' }]) {
      const refused = pushLanguageSchema.safeParse(value);
      expect(refused.success, JSON.stringify(value)).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PUSH_LANGUAGE_MESSAGE]);
    }
  });
});

describe('pushSubscriptionSchema', () => {
  // 65 and 16 bytes: 87 and 22 base64url characters.
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys };
  const strict = pushSubscriptionSchema({ allowLocalEndpoints: false });
  const problems = (body: unknown, schema = strict) => schemaProblems(schema, body);

  it('keeps a browser’s subscription, Spanish and without an expiry when it says none', () => {
    expect(strict.parse(subscription)).toEqual({ ...subscription, expirationTime: null, language: 'es' });
  });

  it('posts only to a push service’s public HTTPS name, unless local endpoints are allowed', () => {
    for (const endpoint of [
      'http://push.example.com/a',
      'https://127.0.0.1/a',
      'https://0x7f.1/a',
      'https://[::1]/a',
    ]) {
      expect(problems({ ...subscription, endpoint }), endpoint).toEqual([['endpoint', ENDPOINT_PUBLIC_MESSAGE]]);
    }
    expect(problems({ ...subscription, endpoint: 'https://localhost/a' })).toEqual([
      ['endpoint', ENDPOINT_PUBLIC_MESSAGE],
    ]);
    expect(problems({ ...subscription, endpoint: 'nada' })).toEqual([['endpoint', ENDPOINT_URL_MESSAGE]]);
    const local = pushSubscriptionSchema({ allowLocalEndpoints: true });
    expect(local.parse({ ...subscription, endpoint: 'http://127.0.0.1:9/a' }).endpoint).toBe('http://127.0.0.1:9/a');
  });

  it('says the first wrong key at `keys`, and a bad expiry', () => {
    expect(problems({ ...subscription, keys: { p256dh: 'abc', auth: 'def' } })).toEqual([['keys', P256DH_MESSAGE]]);
    expect(problems({ ...subscription, keys: { ...keys, auth: 'A'.repeat(23) } })).toEqual([['keys', AUTH_MESSAGE]]);
    expect(problems({ ...subscription, expirationTime: 'mañana' })).toEqual([['expirationTime', EXPIRATION_MESSAGE]]);
  });
});
