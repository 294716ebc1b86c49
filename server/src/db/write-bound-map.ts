/**
 * Entries kept while the embedded database has not been written to (PGlite only, whose writes all pass through this
 * process: `DatabaseHandle.writeCount`): any write empties the map, so what it gives is exactly what a new read would
 * give. Bounded in entries and, with `weigh`, in weight; the least recently read go first. The one mechanism behind
 * the session cache and the members' answers (issue #18).
 */
/** A count that never moves: the map is then only bounded, for entries whose values say themselves what they are true under. */
export const NEVER_WRITTEN = (): number => 0;

export class WriteBoundMap<V> {
  readonly #entries = new Map<string, V>();
  #weight = 0;
  #writes: number;

  constructor(
    private readonly writeCount: () => number,
    private readonly limits: { maxEntries: number; maxWeight?: number },
    private readonly weigh: (value: V) => number = () => 0,
  ) {
    this.#writes = writeCount();
  }

  /** The write count before a read: what it read is kept (`set`) only if nothing was written since. */
  mark(): number {
    return this.writeCount();
  }

  get(key: string): V | undefined {
    this.#forgetIfWritten();
    const found = this.#entries.get(key);
    if (found === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found;
  }

  /** Keeps `value`, read after `mark`, unless something was written since or it alone is over the weight bound. */
  set(key: string, mark: number, value: V): void {
    this.#forgetIfWritten();
    if (mark !== this.#writes) return;
    const weight = this.weigh(value);
    if (this.limits.maxWeight !== undefined && weight > this.limits.maxWeight) return;
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#weight -= this.weigh(previous);
    this.#entries.delete(key);
    this.#entries.set(key, value);
    this.#weight += weight;
    for (const [oldest, kept] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#weight <= (this.limits.maxWeight ?? Infinity)) break;
      this.#entries.delete(oldest);
      this.#weight -= this.weigh(kept);
    }
  }

  get size(): { entries: number; weight: number } {
    this.#forgetIfWritten();
    return { entries: this.#entries.size, weight: this.#weight };
  }

  #forgetIfWritten(): void {
    const writes = this.writeCount();
    if (writes === this.#writes) return;
    this.#writes = writes;
    this.#entries.clear();
    this.#weight = 0;
  }
}
