import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { acceptsGzip } from '../http/answer-headers';

/**
 * How long the catalogue's version, once read, is trusted without asking the database again. It bounds how long a
 * write made by another instance (or by the unpaid-orders sweep) takes to show here; a write through this instance
 * shows at once (`markStale`).
 */
const CATALOGUE_VERSION_CHECK_MS = 250;
/** The answers kept at most, and their bytes (JSON and gzip copies): the cache never grows the server's memory past this. */
const CATALOGUE_CACHE_MAX_ENTRIES = 1_000;
const CATALOGUE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

interface CachedAnswer {
  version: string;
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface CatalogueCacheOptions {
  versionCheckMs?: number | undefined;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

const sizeOf = (answer: CachedAnswer) => answer.json.byteLength + answer.gzip.byteLength;

/**
 * The public catalogue's answers, kept in memory per audience, country and query (issue #18: the list answered 45
 * requests/s on PGlite, about 180 times below a bare server's floor). An answer is valid while the catalogue's
 * version (bumped by triggers on every write to its tables, migration 0016) is the one it was made under, so no
 * writer has to remember the cache and several instances stay correct. Answers carry an ETag: a client that sends it
 * back gets a 304 without the body.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly building = new Map<string, Promise<CachedAnswer>>();
  private bytes = 0;
  private version: string | null = null;
  private checkedAt = 0;
  /** Writes seen through this server; a version read that started before the last one is not trusted. */
  private writes = 0;
  private checkedAfterWrites = -1;
  private reading: { promise: Promise<string>; afterWrites: number } | null = null;
  private readonly versionCheckMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    options: CatalogueCacheOptions = {},
  ) {
    this.versionCheckMs = options.versionCheckMs ?? CATALOGUE_VERSION_CHECK_MS;
    this.maxEntries = options.maxEntries ?? CATALOGUE_CACHE_MAX_ENTRIES;
    this.maxBytes = options.maxBytes ?? CATALOGUE_CACHE_MAX_BYTES;
    this.now = options.now ?? Date.now;
  }

  /** A write went through this server: the next answer asks the database for the version first. */
  markStale(): void {
    this.writes += 1;
  }

  /** What the cache holds now (entries and bytes), for tests and the bench. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * The JSON answer for `key`: from memory while the catalogue has not changed, else built by `build` (once, however
   * many requests ask for it meanwhile) and kept.
   */
  async answer(
    request: RequestHeaders,
    key: string,
    build: () => Promise<unknown>,
    make: MakeResponse = plainResponse,
  ): Promise<Response> {
    const version = await this.currentVersion();
    let answer = this.entries.get(key);
    if (answer?.version === version) {
      // Most recently used last: the first entry is the one to drop when full.
      this.entries.delete(key);
      this.entries.set(key, answer);
    } else {
      answer = await this.build(key, version, build);
    }
    return respond(request, answer, make);
  }

  private async build(key: string, version: string, build: () => Promise<unknown>): Promise<CachedAnswer> {
    const flightKey = `${version}\n${key}`;
    const pending = this.building.get(flightKey);
    if (pending) return pending;
    const made = (async () => {
      const json = new TextEncoder().encode(JSON.stringify(await build()));
      const answer: CachedAnswer = {
        version,
        json,
        gzip: new Uint8Array(gzipSync(json)),
        etag: `"${version}-${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`,
      };
      // Kept only if the catalogue has not changed since the version was read: the rows may predate the change.
      if (this.version === version) this.keep(key, answer);
      return answer;
    })().finally(() => this.building.delete(flightKey));
    this.building.set(flightKey, made);
    return made;
  }

  private keep(key: string, answer: CachedAnswer): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= sizeOf(previous);
    }
    if (sizeOf(answer) > this.maxBytes) return;
    this.entries.set(key, answer);
    this.bytes += sizeOf(answer);
    for (const [oldest, dropped] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(dropped);
    }
  }

  private async currentVersion(): Promise<string> {
    const fresh = this.now() - this.checkedAt < this.versionCheckMs && this.checkedAfterWrites === this.writes;
    if (this.version !== null && fresh) return this.version;
    // A read already under way serves only if no write went through since it started.
    if (this.reading?.afterWrites !== this.writes) {
      const afterWrites = this.writes;
      const promise = this.readVersion(afterWrites).finally(() => {
        if (this.reading?.promise === promise) this.reading = null;
      });
      this.reading = { promise, afterWrites };
    }
    return this.reading.promise;
  }

  private async readVersion(afterWrites: number): Promise<string> {
    const asked = this.now();
    const { version } = await this.db
      .selectFrom('catalogue_version')
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // Reads may end out of order: the version only moves forward.
    if (this.version === null || BigInt(version) > BigInt(this.version)) {
      this.entries.clear();
      this.bytes = 0;
      this.version = version;
    }
    if (afterWrites >= this.checkedAfterWrites) {
      this.checkedAfterWrites = afterWrites;
      this.checkedAt = asked;
    }
    return version;
  }
}

/** What the cache reads of a request (Hono's `c.req`). */
interface RequestHeaders {
  header(name: string): string | undefined;
}

/** Makes the answer's `Response`; the routes make it with the request's own headers (`completeAnswer`). */
export type MakeResponse = (
  body: Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: Record<string, string>,
) => Response;

const plainResponse: MakeResponse = (body, status, headers) => new Response(body, { status, headers });

function respond(request: RequestHeaders, answer: CachedAnswer, make: MakeResponse): Response {
  const headers: Record<string, string> = {
    etag: answer.etag,
    // The answer depends on the session (audience, discounts), the country header and the encoding: a browser keeps
    // it for itself and asks again each time, with the ETag.
    'cache-control': 'private, no-cache',
    vary: 'Accept-Encoding, Authorization, Cookie, X-Country',
  };
  const asked = request.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === answer.etag)) {
    return make(null, 304, headers);
  }
  headers['content-type'] = 'application/json';
  if (acceptsGzip(request.header('accept-encoding'))) {
    headers['content-encoding'] = 'gzip';
    return make(answer.gzip, 200, headers);
  }
  return make(answer.json, 200, headers);
}
