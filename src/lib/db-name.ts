/**
 * The name of the storefront's Dexie database (the persisted atoms). The build names it too (vite.config.ts): a page
 * preloads Dexie only on a device that holds the database.
 */
export const DATABASE_NAME = 'dispensario';

/**
 * A local-storage entry set once the device holds that database: read synchronously by the start and by index.html,
 * so a returning device opens it at once. Listing the databases instead took 150–250 ms of a doctor's reopened start.
 */
export const DATABASE_MARKER_KEY = 'dispensario-base-guardada';

/** The database of the device's copy of the server's answers (`readAnswer` in db.ts), and its one object store. */
export const ANSWERS_DATABASE_NAME = 'dispensario-respuestas';
export const ANSWERS_STORE = 'answers';
