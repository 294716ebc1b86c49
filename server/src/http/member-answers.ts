import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { MemberVersions } from '../db/member-versions';
import { NEVER_WRITTEN, WriteBoundMap } from '../db/write-bound-map';
import { acceptsGzip, completeAnswer } from './answer-headers';
import type { AppEnv } from './app-env';

/** Answers kept at most, and their bytes (JSON text); the least recently read go first. */
interface AnswerLimits {
  maxEntries: number;
  maxBytes: number;
}
const MEMBER_ANSWERS_LIMITS: AnswerLimits = { maxEntries: 2_000, maxBytes: 8 * 1024 * 1024 };

/** Hono's `compress` leaves smaller answers as they are; a kept answer does the same. */
const GZIP_MIN_BYTES = 1024;

/** A list's JSON, and its gzip copy made once with it (the answer is given many times). */
export interface JsonAnswer {
  text: string;
  gzip: Uint8Array<ArrayBuffer> | undefined;
}

function jsonAnswer(value: unknown): JsonAnswer {
  const text = JSON.stringify(value);
  return { text, gzip: text.length >= GZIP_MIN_BYTES ? gzipSync(text) : undefined };
}

/** The answers' map: an answer weighs its text and its copy. */
function answersMap<T>(writeCount: () => number, limits: AnswerLimits, answerOf: (entry: T) => JsonAnswer) {
  return new WriteBoundMap<T>(writeCount, { maxEntries: limits.maxEntries, maxWeight: limits.maxBytes }, (entry) => {
    const { text, gzip } = answerOf(entry);
    return text.length + (gzip?.length ?? 0);
  });
}

/**
 * Members' list answers (a patient's orders, a professional's register) kept while the embedded database has not
 * been written to (PGlite only: every write passes through this process, `DatabaseHandle.writeCount`). They are read
 * far more often than anything they show changes, and each was a few statements on the one PGlite connection every
 * request shares (issue #18). Any write empties the whole cache, so an answer given from it is exactly the one the
 * database would give: a purchase, a prescription, a registration, a consent change or a deletion are all writes.
 * Keys name the viewer; an answer that depends on the day names the day too.
 */
export class MemberAnswers {
  readonly #answers: WriteBoundMap<JsonAnswer>;

  constructor(writeCount: () => number, limits = MEMBER_ANSWERS_LIMITS) {
    this.#answers = answersMap(writeCount, limits, (answer) => answer);
  }

  /** The answer under `key`: kept, or built now (and kept if nothing was written meanwhile). */
  async json(key: string, build: () => Promise<unknown>): Promise<JsonAnswer> {
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const mark = this.#answers.mark();
    const answer = jsonAnswer(await build());
    this.#answers.set(key, mark, answer);
    return answer;
  }

  get size(): { entries: number; bytes: number } {
    const { entries, weight } = this.#answers.size;
    return { entries, bytes: weight };
  }
}

/**
 * Members' list answers kept where other processes write the database too (PostgreSQL, several instances), each
 * under the version it was read under (migration 0031): a patient's orders under the patient's `data_version`, a
 * register under `register_version`. The version comes from the request's own session look-up, read before the
 * answer is built, so an answer is given again only while nothing it read has been written since, on any instance:
 * a patient's new order moves their version in the checkout's own transaction, and the next request anywhere reads it.
 * A write between the version's read and the build at worst keeps an answer under a version already gone (never
 * given again).
 */
export class VersionedMemberAnswers {
  readonly #answers: WriteBoundMap<{ version: string; answer: JsonAnswer }>;

  constructor(limits = MEMBER_ANSWERS_LIMITS) {
    this.#answers = answersMap(NEVER_WRITTEN, limits, ({ answer }) => answer);
  }

  /** The answer under `key` kept under `version`, or built now and kept under it; no version: built, not kept. */
  async json(key: string, version: string | undefined, build: () => Promise<unknown>): Promise<JsonAnswer> {
    if (version === undefined) return jsonAnswer(await build());
    const kept = this.#answers.get(key);
    if (kept?.version === version) return kept.answer;
    const answer = jsonAnswer(await build());
    this.#answers.set(key, this.#answers.mark(), { version, answer });
    return answer;
  }

  get size(): { entries: number; bytes: number } {
    const { entries, weight } = this.#answers.size;
    return { entries, bytes: weight };
  }
}

/**
 * A member's list as JSON: the kept answer under `key` where the server keeps them, else built now. `scope` names
 * the version the list's tables move (`data`: the viewer's own orders; `register`: the register's tables).
 */
export async function memberListAnswer<T>(
  c: Context<AppEnv>,
  answers: MemberAnswers | VersionedMemberAnswers | undefined,
  key: string,
  build: () => Promise<T>,
  scope: Exclude<keyof MemberVersions, 'session'>,
): Promise<Response> {
  if (!answers) return c.json(await build());
  const answer =
    answers instanceof VersionedMemberAnswers
      ? await answers.json(key, c.get('viewer')?.versions?.[scope], build)
      : await answers.json(key, build);
  const gzip = answer.gzip && acceptsGzip(c.req.header('accept-encoding')) ? answer.gzip : undefined;
  return completeAnswer(c, gzip ?? answer.text, 200, {
    'content-type': 'application/json',
    vary: 'Accept-Encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
}
