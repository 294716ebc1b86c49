// First: the browser's install offer may fire before anything else runs.
import '../lib/install-prompt';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { languageOf } from '../lib/countries';
import { getDatabase } from '../lib/db';
import { activateLocale } from '../lib/i18n';
import { resolveCountry } from '../lib/shared/countries';
import { Providers } from './providers';
import { createRouter } from './router';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Falta el elemento #root en index.html');

// What the first paint waits for is fetched side by side, not one after the other: the router starts loading the
// current route's chunk when it is created, the restoration gate opens IndexedDB first, and the country's catalogue
// lets the first paint speak its language (no flash of untranslated ids).
const router = createRouter();
void getDatabase();
const [firstSegment] = window.location.pathname.split('/').filter(Boolean);
await activateLocale(languageOf(resolveCountry(firstSegment)));

createRoot(rootElement).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
