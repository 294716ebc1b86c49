import type { Page } from '@playwright/test';

/**
 * Everything the origin keeps on the device, as text: every IndexedDB database and object store (the app's Dexie
 * tables with the persisted query cache, the outbox with its kept requests), the text and JSON answers of every
 * Cache Storage cache, localStorage and sessionStorage. Tests search it for personal data.
 */
export class DeviceStorage {
  constructor(readonly page: Page) {}

  async dump(): Promise<string> {
    return this.page.evaluate(async () => {
      const decoder = new TextDecoder();
      const readable = (_key: string, value: unknown) =>
        value instanceof ArrayBuffer
          ? decoder.decode(value)
          : ArrayBuffer.isView(value)
            ? decoder.decode(value)
            : value;
      const request = <T>(operation: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          operation.onsuccess = () => resolve(operation.result);
          operation.onerror = () => reject(operation.error ?? new Error('IndexedDB'));
        });
      const parts: string[] = [];
      for (const { name } of await indexedDB.databases()) {
        if (!name) continue;
        const database = await request(indexedDB.open(name));
        for (const store of Array.from(database.objectStoreNames)) {
          const rows = await request(database.transaction(store, 'readonly').objectStore(store).getAll());
          parts.push(`${name}/${store}: ${JSON.stringify(rows, readable)}`);
        }
        database.close();
      }
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const key of await cache.keys()) {
          const answer = await cache.match(key);
          if (answer && /json|text\/plain/.test(answer.headers.get('content-type') ?? '')) {
            parts.push(`${name} ${key.url}: ${await answer.text()}`);
          }
        }
      }
      parts.push(`localStorage: ${JSON.stringify({ ...localStorage })}`);
      parts.push(`sessionStorage: ${JSON.stringify({ ...sessionStorage })}`);
      return parts.join('\n');
    });
  }
}
