/** The base URL the web test project gives both HTTP clients (vitest.config.ts). */
export const TEST_API = 'http://localhost/api';
