import type { StorefrontDatabase } from './db-schema';

let opening: Promise<StorefrontDatabase> | undefined;

/**
 * The storefront's Dexie database, loaded on first use: Dexie is a fifth of the JavaScript a first visit needs,
 * and fetching it in parallel with the first render keeps it out of the initial bundle.
 */
export function getDatabase(): Promise<StorefrontDatabase> {
  opening ??= import('./db-schema').then(({ StorefrontDatabase }) => new StorefrontDatabase());
  return opening;
}

export async function readValue(key: string): Promise<unknown> {
  return (await (await getDatabase()).kv.get(key))?.value;
}

export async function writeValue(key: string, value: unknown): Promise<void> {
  await (await getDatabase()).kv.put({ key, value, updatedAt: Date.now() });
}

export async function deleteValue(key: string): Promise<void> {
  await (await getDatabase()).kv.delete(key);
}

/** Removes every row whose key starts with `prefix`. */
export async function deleteValuesStartingWith(prefix: string): Promise<void> {
  await (await getDatabase()).kv.where('key').startsWith(prefix).delete();
}
