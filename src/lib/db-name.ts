/** The name of the storefront's Dexie database (the persisted atoms). */
export const DATABASE_NAME = 'dispensario';

/** Its one object store (Dexie's table `kv`, `db-schema.ts`), which the start reads without Dexie (`db.ts`). */
export const VALUES_STORE = 'kv';

/**
 * A local-storage entry set once the device holds that database: read synchronously by the start, so a returning
 * device opens it at once. Listing the databases instead took 150–250 ms of a doctor's reopened start.
 */
export const DATABASE_MARKER_KEY = 'dispensario-base-guardada';

/** The database of the device's copy of the server's answers (`readAnswer` in db.ts), and its one object store. */
export const ANSWERS_DATABASE_NAME = 'dispensario-respuestas';
export const ANSWERS_STORE = 'answers';
