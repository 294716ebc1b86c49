// The app itself, started by main.tsx once the placeholder of index.html is on screen.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageOf } from '../lib/countries';
import { getDatabase } from '../lib/db';
import { activateLocale } from '../lib/i18n';
import { resolveCountry } from '../lib/shared/countries';
import { nextTask } from '../lib/startup';
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
const localeActivated = activateLocale(languageOf(resolveCountry(firstSegment)));
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
