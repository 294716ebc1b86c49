import type { Kysely } from 'kysely';
import webPush from 'web-push';
import type { Database } from '../db/schema';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface VapidSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both or neither (the configuration refuses one alone). */
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  /** VAPID_SUBJECT: a `mailto:` or `https:` contact the push services may use. */
  subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:no-responder@dispensario.local';

/** Uncompressed P-256 point and scalar, URL-safe base64 without padding, as browsers and web-push expect. */
const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const decodedLength = (key: string) => (BASE64URL.test(key) ? Buffer.from(key, 'base64url').length : -1);

/** Why a configured key pair cannot be used (in Spanish, for the start-up error), or null when it can. */
export function vapidKeyProblem(publicKey: string, privateKey: string): string | null {
  if (decodedLength(publicKey) !== PUBLIC_KEY_BYTES) {
    return 'VAPID_PUBLIC_KEY debe ser una clave pública P-256 de 65 bytes en base64 URL.';
  }
  if (decodedLength(privateKey) !== PRIVATE_KEY_BYTES) {
    return 'VAPID_PRIVATE_KEY debe ser una clave privada P-256 de 32 bytes en base64 URL.';
  }
  return null;
}

/** The stored pair; the first caller on a new database generates it, and concurrent starts agree on one. */
async function storedKeys(db: Kysely<Database>): Promise<{ publicKey: string; privateKey: string }> {
  const read = () =>
    db.selectFrom('push_vapid_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  let row = await read();
  if (!row) {
    const generated = webPush.generateVAPIDKeys();
    await db
      .insertInto('push_vapid_keys')
      .values({ id: 1, public_key: generated.publicKey, private_key: generated.privateKey })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error('No se pudieron guardar las claves VAPID.');
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/**
 * The server's VAPID identity: the configured pair when given, else the one stored in the database (generated on the
 * first start). Browsers subscribe with its public key, so it must not change between starts: a new pair would make
 * every existing subscription refuse our messages.
 */
export class VapidKeys {
  private loading: Promise<VapidDetails> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: VapidSettings,
  ) {}

  details(): Promise<VapidDetails> {
    this.loading ??= this.load().catch((error: unknown) => {
      // A failed read (database busy at start) is tried again by the next caller.
      this.loading = undefined;
      throw error;
    });
    return this.loading;
  }

  private async load(): Promise<VapidDetails> {
    const { publicKey, privateKey, subject } = this.settings;
    if (publicKey && privateKey) return { subject, publicKey, privateKey };
    return { subject, ...(await storedKeys(this.db)) };
  }
}
