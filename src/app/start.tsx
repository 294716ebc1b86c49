// The app itself, started by main.tsx once the placeholder of index.html is on screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { openStoredDatabase, readValue } from '../lib/db';
import { activateLocale, expectLocale } from '../lib/i18n';
import { catalogueLocaleOf, LANGUAGE_STORAGE_KEY, parseLanguageChoice } from '../lib/language';
import { resolveCountry } from '../lib/shared/countries';
import { RESTORE_TIMEOUT_MS } from '../lib/store';
import { Providers } from './providers';
import { AppRouter, AppRoutes, preloadScreens } from './router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Falta el elemento #root en index.html');

// What the first render waits for is fetched side by side, not one after the other: the restoration gate opens
// IndexedDB first (a device that holds it; a first visit has nothing to restore), the country's catalogue lets the
// first render speak its language (no flash of untranslated ids), and the current address's screens start loading
// (their chunks and what they wait for) before anything renders.
void openStoredDatabase();
const [firstSegment] = window.location.pathname.split('/').filter(Boolean);
const country = resolveCountry(firstSegment);
// A first visit has no stored language: the country's Spanish catalogues download while the database opens, not
// after. A returning device reads its choice (issue #19) before activating; an English one then loads its own (a
// returning device has every catalogue in the worker's precache, so the Spanish head start costs it no download).
// Unreadable or stuck storage means the country's Spanish (the layout switches once the restored choice arrives).
expectLocale(catalogueLocaleOf(country, 'es'));
const storedChoice = Promise.race([
  readValue(LANGUAGE_STORAGE_KEY).then(parseLanguageChoice, () => undefined),
  new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
]);
const localeActivated = storedChoice.then((choice) => activateLocale(catalogueLocaleOf(country, choice ?? 'es')));
preloadScreens(window.location).catch(() => undefined);
await localeActivated;

createRoot(rootElement).render(
  <StrictMode>
    <Providers>
      <AppRouter history={createBrowserHistory({ v5Compat: true })}>
        <AppRoutes />
      </AppRouter>
    </Providers>
  </StrictMode>,
);
