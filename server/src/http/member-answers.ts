import type { Context } from 'hono';
import type { MemberVersions } from '../db/member-versions';
import { NEVER_WRITTEN, WriteBoundMap } from '../db/write-bound-map';
import type { AppEnv } from './app-env';

/** Answers kept at most, and their bytes (JSON text); the least recently read go first. */
interface AnswerLimits {
  maxEntries: number;
  maxBytes: number;
}
const MEMBER_ANSWERS_LIMITS: AnswerLimits = { maxEntries: 2_000, maxBytes: 8 * 1024 * 1024 };

/** The answers' map: a JSON text weighs its length. */
function answersMap<T>(writeCount: () => number, limits: AnswerLimits, textOf: (entry: T) => string) {
  return new WriteBoundMap<T>(
    writeCount,
    { maxEntries: limits.maxEntries, maxWeight: limits.maxBytes },
    (entry) => textOf(entry).length,
  );
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
  readonly #answers: WriteBoundMap<string>;

  constructor(writeCount: () => number, limits = MEMBER_ANSWERS_LIMITS) {
    this.#answers = answersMap(writeCount, limits, (text) => text);
  }

  /** The JSON text of the answer under `key`: kept, or built now (and kept if nothing was written meanwhile). */
  async json(key: string, build: () => Promise<unknown>): Promise<string> {
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const mark = this.#answers.mark();
    const text = JSON.stringify(await build());
    this.#answers.set(key, mark, text);
    return text;
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
  readonly #answers: WriteBoundMap<{ version: string; text: string }>;

  constructor(limits = MEMBER_ANSWERS_LIMITS) {
    this.#answers = answersMap(NEVER_WRITTEN, limits, ({ text }) => text);
  }

  /** The JSON text under `key` kept under `version`, or built now and kept under it; no version: built, not kept. */
  async json(key: string, version: string | undefined, build: () => Promise<unknown>): Promise<string> {
    if (version === undefined) return JSON.stringify(await build());
    const kept = this.#answers.get(key);
    if (kept?.version === version) return kept.text;
    const text = JSON.stringify(await build());
    this.#answers.set(key, this.#answers.mark(), { version, text });
    return text;
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
  const text =
    answers instanceof VersionedMemberAnswers
      ? await answers.json(key, c.get('viewer')?.versions?.[scope], build)
      : await answers.json(key, build);
  return c.body(text, 200, { 'content-type': 'application/json' });
}
