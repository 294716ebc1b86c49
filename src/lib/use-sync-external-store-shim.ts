// What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): React 19 has the hook itself, and the
// package's shim (for React < 18, which @lingui/react still supports) ships a fallback the app never runs.
export { useSyncExternalStore } from 'react';
