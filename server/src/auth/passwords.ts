import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH } from '../../../src/lib/shared/passwords';

// @node-rs/argon2's Algorithm is a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a user (or without a password, as accounts from an external
 * provider) it verifies against a throw-away hash, so the answer takes as long as for a real account: timing does not
 * tell which e-mails exist.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  const candidate = password.length > PASSWORD_MAX_LENGTH ? password.slice(0, PASSWORD_MAX_LENGTH) : password;
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, candidate).catch(() => false);
    return false;
  }
  const ok = await verify(storedHash, candidate).catch(() => false);
  return ok && candidate === password;
}
