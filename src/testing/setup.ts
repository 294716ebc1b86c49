import 'fake-indexeddb/auto';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { i18n } from '../lib/i18n';
import { forgetPersistedQueryCache } from '../lib/query';
import { appStore, resetPersistedState } from '../lib/store';
import { messages as adminMessages } from '../locales/es/admin.po';
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

/** React records no owner stack once this many were made in the current second. */
const OWNER_STACKS_CAP = 10_000;

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

// React's development build records where each element was created (an Error and its stack per element, up to ten
// thousand a second) for the owner stacks of its warnings: about a tenth of the web tests' processor time, for messages
// no test reads. A count held at React's own cap turns the recording off; warnings still print, without that stack.
// Internal to React: after an upgrade that renames it, this does nothing and the tests run as before, only slower.
const reactInternals = (React as unknown as Record<string, object | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', {
    get: () => OWNER_STACKS_CAP,
    set: () => undefined,
  });
}

// jsdom does not scroll; the checkout scrolls to the top of each step.
window.scrollTo = () => undefined;

i18n.load('es', { ...messages, ...homeMessages, ...pageMessages, ...memberMessages, ...adminMessages });
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
