import { defineConfig } from 'rolldown';

/**
 * The server as production runs it: one ES module of compiled JavaScript (`npm start`, the end-to-end tests and the
 * bench run it with plain Node), so no TypeScript transform is loaded or kept in memory at run time; tsx stays for
 * development (`npm run dev`) and the tools. Packages stay outside the bundle: native ones (argon2, sharp) and
 * PGlite's WebAssembly are read from node_modules where they are installed.
 */
export default defineConfig({
  input: 'server/src/main.ts',
  platform: 'node',
  // Every bare import is a package from node_modules; only the project's own files are bundled.
  external: /^[^./]/,
  output: {
    file: 'server/dist/main.js',
    format: 'esm',
    sourcemap: true,
  },
});
