// The app itself, started by main.tsx once the placeholder of index.html is on screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { getDatabase, readValue } from '../lib/db';
import { activateLocale } from '../lib/i18n';
import { catalogueLocaleOf, LANGUAGE_STORAGE_KEY, parseLanguageChoice } from '../lib/language';
import { resolveCountry } from '../lib/shared/countries';
import { nextTask } from '../lib/startup';
import { RESTORE_TIMEOUT_MS } from '../lib/store';
import { Providers } from './providers';
import { createRouter } from './router';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Falta el elemento #root en index.html');

// What the first render waits for is fetched side by side, not one after the other: the restoration gate opens
// IndexedDB first, the country's catalogue lets the first render speak its language (no flash of untranslated ids),
// and the router starts loading the current route's chunk when it is created. Creating the router (history, route
// matching, the chunk's preloads) is a task of its own: after this module's evaluation, not inside it.
void getDatabase();
const [firstSegment] = window.location.pathname.split('/').filter(Boolean);
// The language chosen on this device (issue #19) is read before the first catalogue is fetched: an English visitor
// does not download the Spanish one first. Unreadable or stuck storage means the country's Spanish (the layout switches
// once the restored choice arrives).
const storedChoice = Promise.race([
  readValue(LANGUAGE_STORAGE_KEY).then(parseLanguageChoice, () => undefined),
  new Promise<undefined>((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS)),
]);
const localeActivated = storedChoice.then((choice) =>
  activateLocale(catalogueLocaleOf(resolveCountry(firstSegment), choice ?? 'es')),
);
await nextTask();
const router = createRouter();
await localeActivated;

createRoot(rootElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
