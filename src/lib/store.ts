import { atom, createStore, type PrimitiveAtom } from 'jotai';
import { deleteValue, readValue, writeValue } from './db';

/** Product §4: the placeholder waits for restoration at most this long. */
export const RESTORE_TIMEOUT_MS = 5000;

export const appStore = createStore();

interface PersistedEntry {
  key: string;
  atom: PrimitiveAtom<unknown>;
  initial: unknown;
  /** Rejects stored values of an older or corrupt shape: returning undefined keeps the initial value. */
  parse: (stored: unknown) => unknown;
}

const registry: PersistedEntry[] = [];

type PersistenceStatus = 'ready' | 'timed-out';
/** The last write that failed (quota full, storage disabled); the UI tells the user their data may not be kept. */
export const persistenceErrorAtom = atom<string | null>(null);

/** Where and how the app restored its persisted state; atoms declared later restore themselves the same way. */
let restoreContext: { store: typeof appStore; read: (key: string) => Promise<unknown> } | null = null;
const lateRestorations = new Map<PrimitiveAtom<unknown>, Promise<void>>();

/**
 * An atom whose value lives in IndexedDB under `key`. Atoms of the app shell are declared at module level so they
 * are registered before `restorePersistedState` runs; an atom declared later, in a lazy route's chunk, restores
 * itself when declared: its route waits for `persistedAtomReady` before rendering.
 */
export function persistedAtom<T>(key: string, initial: T, parse: (stored: unknown) => T | undefined): PrimitiveAtom<T> {
  const value = atom(initial);
  const entry: PersistedEntry = { key, atom: value as PrimitiveAtom<unknown>, initial, parse };
  registry.push(entry);
  if (restoreContext) lateRestorations.set(entry.atom, restoreEntry(entry, restoreContext.store, restoreContext.read));
  return value;
}

/** Resolves once a persisted atom declared after start-up holds its stored value (at once for the shell's atoms). */
export function persistedAtomReady<T>(persisted: PrimitiveAtom<T>): Promise<void> {
  return lateRestorations.get(persisted as PrimitiveAtom<unknown>) ?? Promise.resolve();
}

const pendingWrites = new Map<string, unknown>();
let flushScheduled = false;

async function flush(store = appStore): Promise<void> {
  flushScheduled = false;
  const writes = [...pendingWrites];
  pendingWrites.clear();
  for (const [key, value] of writes) {
    try {
      await writeValue(key, value);
    } catch (error) {
      store.set(persistenceErrorAtom, error instanceof Error ? error.name : String(error));
    }
  }
}

export function flushPersistedState(): Promise<void> {
  return flush();
}

/**
 * Writes start in the same task as the change (the changes of one task share a write): a cart or a draft edited
 * just before a reload or a crash is already on its way to disk. A time-based debounce lost those last changes.
 */
function scheduleWrite(key: string, value: unknown, store: typeof appStore): void {
  pendingWrites.set(key, value);
  if (flushScheduled) return;
  flushScheduled = true;
  queueMicrotask(() => void flush(store));
}

interface RestoreOptions {
  timeoutMs?: number;
  /** Reads one stored value; tests slow it down to play a device with sluggish storage. */
  read?: (key: string) => Promise<unknown>;
}

/**
 * Loads one persisted atom, then writes its changes back. A value the user changed before the stored one arrived
 * is kept (and written), never overwritten.
 */
async function restoreEntry(
  entry: PersistedEntry,
  store: typeof appStore,
  read: (key: string) => Promise<unknown>,
): Promise<void> {
  let touched = false;
  const unsubscribeEarly = store.sub(entry.atom, () => {
    touched = true;
  });
  let parsed: unknown;
  try {
    const stored = await read(entry.key);
    parsed = stored === undefined ? undefined : entry.parse(stored);
  } catch {
    // Unreadable storage: the app works with initial values and tries to write again.
  }
  // Listening stops before the stored value is put back: that set is no change to save (counted as the user's, every
  // start wrote each restored value back to disk, an IndexedDB transaction per atom while the first page rendered).
  unsubscribeEarly();
  if (touched) scheduleWrite(entry.key, store.get(entry.atom), store);
  else if (parsed !== undefined) store.set(entry.atom, parsed);
  store.sub(entry.atom, () => scheduleWrite(entry.key, store.get(entry.atom), store));
}

/**
 * Loads every persisted atom from IndexedDB, then writes their changes back. Resolves when all are restored or
 * after `timeoutMs`, whichever comes first; a late restoration still completes but never overwrites a value the
 * user changed meanwhile.
 */
export async function restorePersistedState(
  store = appStore,
  { timeoutMs = RESTORE_TIMEOUT_MS, read = readValue }: RestoreOptions = {},
): Promise<PersistenceStatus> {
  restoreContext = { store, read };
  const restorations = registry.map((entry) => restoreEntry(entry, store, read));
  const all = Promise.all(restorations).then(() => 'ready' as const);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timed-out'>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
  });
  const status = await Promise.race([all, timeout]);
  clearTimeout(timer);
  return status;
}

/**
 * Puts the named persisted atoms (all when no keys are given) back to their initial values, in memory and in
 * IndexedDB: the app-level logout purges what belonged to the session.
 */
export async function resetPersistedState(store = appStore, keys?: readonly string[]): Promise<void> {
  for (const entry of registry) {
    if (keys && !keys.includes(entry.key)) continue;
    store.set(entry.atom, entry.initial);
    pendingWrites.set(entry.key, entry.initial);
  }
  await flushPersistedState();
  // Keys of atoms this visit never declared (their lazy route was not opened) are still on disk: remove them too.
  const declared = new Set(registry.map((entry) => entry.key));
  await Promise.all((keys ?? []).filter((key) => !declared.has(key)).map((key) => deleteValue(key)));
}

if (typeof window !== 'undefined') {
  // Whatever is still queued when the tab goes away is written now.
  window.addEventListener('pagehide', () => void flushPersistedState());
}
