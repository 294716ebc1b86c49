import 'fake-indexeddb/auto';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n } from '../lib/i18n';
import { forgetPersistedQueryCache } from '../lib/query';
import { appStore, resetPersistedState } from '../lib/store';
import { messages as memberMessages } from '../locales/es/members.po';
import { messages as homeMessages } from '../locales/es/home.po';
import { messages } from '../locales/es/messages.po';
import { messages as pageMessages } from '../locales/es/pages.po';
import { resetAccountFixtures } from './handlers/account';
import { resetAuthFixtures } from './handlers/auth';
import { resetCheckoutFixtures } from './handlers/checkout';
import { resetContactFixtures } from './handlers/contact';
import { resetClientErrorFixtures } from './handlers/client-errors';
import { resetOrderFixtures } from './handlers/orders';
import { resetPointsFixtures } from './handlers/points';
import { resetPrescriptionFixtures } from './handlers/prescriptions';
import { resetAdherenceFixtures } from './handlers/adherence';
import { resetPrivacyFixtures } from './handlers/privacy';
import { resetReminderFixtures } from './handlers/reminders';
import { server } from './msw-server';

// Lazy routes compile on first use: on a loaded 2-core CI machine that can exceed the 1 s default of findBy*.
configure({ asyncUtilTimeout: 5_000 });

// A `getBy*` that finds nothing prints the whole document into its error. `findBy*` and `waitFor` retry on every DOM
// change and keep only the last error, so printing each one took a tenth of the patients tests' processor time. The
// message is now written when something reads it (a test's failure, or the wait's timeout), in the library's words.
function elementError(message: string | null, container: Element): Error {
  const error = new Error(message ?? '');
  // The stack starts at the query, as the library's own error's does, so a failure points at the test's line.
  Error.captureStackTrace(error, elementError);
  error.name = 'TestingLibraryElementError';
  let printed: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () =>
      (printed ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`]
        .filter(Boolean)
        .join('\n\n')),
  });
  return error;
}
configure({ getElementError: elementError });

// jsdom does not scroll; the checkout scrolls to the top of each step.
window.scrollTo = () => undefined;

i18n.load('es', { ...messages, ...homeMessages, ...pageMessages, ...memberMessages });
i18n.activate('es');

// Any request without a handler fails the test: no test talks to a real network by accident.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  resetAccountFixtures();
  resetAdherenceFixtures();
  resetAuthFixtures();
  resetCheckoutFixtures();
  resetContactFixtures();
  resetClientErrorFixtures();
  resetOrderFixtures();
  resetPointsFixtures();
  resetPrescriptionFixtures();
  resetPrivacyFixtures();
  resetReminderFixtures();
  sessionStorage.clear();
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    document.cookie = `${cookie.split('=')[0]?.trim()}=; Max-Age=0; Path=/`;
  }
  // Tests of one file share the app's store and IndexedDB: a session or cart must not leak into the next test.
  await resetPersistedState(appStore);
  // Each render makes a new query client, but it restores what the previous test persisted, including a throttled
  // write that would land after this removal.
  await forgetPersistedQueryCache();
});
afterAll(() => server.close());
