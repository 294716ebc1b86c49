import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { readValue, writeValue } from './db';
import {
  flushPersistedState,
  persistedAtom,
  persistedAtomReady,
  resetPersistedState,
  restorePersistedState,
} from './store';

const parseNumber = (stored: unknown) => (typeof stored === 'number' ? stored : undefined);

describe('persisted atoms (product §4 persistence)', () => {
  it('restores a value saved by an earlier session and writes changes back', async () => {
    const counter = persistedAtom('test:counter', 0, parseNumber);
    await writeValue('test:counter', 7);
    const store = createStore();
    await expect(restorePersistedState(store)).resolves.toBe('ready');
    expect(store.get(counter)).toBe(7);

    store.set(counter, 8);
    store.set(counter, 9);
    await flushPersistedState();
    expect(await readValue('test:counter')).toBe(9);
  });

  it('does not write a restored value back: only changes are saved', async () => {
    const counter = persistedAtom('test:unchanged', 0, parseNumber);
    const store = createStore();
    // What the device read is 5; the database holds nothing, so any write of the restored value would show.
    await restorePersistedState(store, { read: async (key) => (key === 'test:unchanged' ? 5 : readValue(key)) });
    expect(store.get(counter)).toBe(5);
    await flushPersistedState();
    expect(await readValue('test:unchanged')).toBeUndefined();

    store.set(counter, 6);
    await flushPersistedState();
    expect(await readValue('test:unchanged')).toBe(6);
  });

  it('ignores a stored value of the wrong shape', async () => {
    const label = persistedAtom('test:label', 'inicial', (stored) => (typeof stored === 'string' ? stored : undefined));
    await writeValue('test:label', { corrupt: true });
    const store = createStore();
    await restorePersistedState(store);
    expect(store.get(label)).toBe('inicial');
  });

  it('stops waiting after the timeout and never overwrites what the user changed meanwhile', async () => {
    const draft = persistedAtom('test:draft', 'vacío', (stored) => (typeof stored === 'string' ? stored : undefined));
    await writeValue('test:draft', 'guardado');
    const store = createStore();
    // Storage that answers only when the test says so, like a slow device.
    let release!: () => void;
    const storageAnswers = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowRead = async (key: string) => {
      await storageAnswers;
      return readValue(key);
    };
    const status = restorePersistedState(store, { timeoutMs: 10, read: slowRead });
    await expect(status).resolves.toBe('timed-out');
    store.set(draft, 'escrito por el usuario');
    release();
    await vi.waitFor(async () => expect(await readValue('test:draft')).toBe('escrito por el usuario'));
    expect(store.get(draft)).toBe('escrito por el usuario');
  });

  it('restores an atom declared after start-up, in a lazy chunk, and writes its changes back', async () => {
    const store = createStore();
    await restorePersistedState(store);
    await writeValue('test:late', 41);
    const late = persistedAtom('test:late', 0, parseNumber);
    await persistedAtomReady(late);
    expect(store.get(late)).toBe(41);
    store.set(late, 42);
    await flushPersistedState();
    expect(await readValue('test:late')).toBe(42);
  });

  it('purges the stored value of a key whose atom this visit never declared', async () => {
    await writeValue('test:never-declared', { personal: 'datos' });
    await resetPersistedState(createStore(), ['test:never-declared']);
    expect(await readValue('test:never-declared')).toBeUndefined();
  });
});
