import type { Context } from 'hono';
import { WriteBoundMap } from '../db/write-bound-map';

/** Answers kept at most, and their bytes (JSON text); the least recently read go first. */
const MEMBER_ANSWERS_MAX_ENTRIES = 2_000;
const MEMBER_ANSWERS_MAX_BYTES = 8 * 1024 * 1024;

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

  constructor(
    writeCount: () => number,
    limits: { maxEntries: number; maxBytes: number } = {
      maxEntries: MEMBER_ANSWERS_MAX_ENTRIES,
      maxBytes: MEMBER_ANSWERS_MAX_BYTES,
    },
  ) {
    this.#answers = new WriteBoundMap(
      writeCount,
      { maxEntries: limits.maxEntries, maxWeight: limits.maxBytes },
      (text) => text.length,
    );
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

/** A member's list as JSON: the kept answer under `key` where the server keeps them (PGlite), else built now. */
export async function memberListAnswer<T>(
  c: Context,
  answers: MemberAnswers | undefined,
  key: string,
  build: () => Promise<T>,
): Promise<Response> {
  if (!answers) return c.json(await build());
  return c.body(await answers.json(key, build), 200, { 'content-type': 'application/json' });
}
