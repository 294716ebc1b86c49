import { http, HttpResponse } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { appStore } from '../../lib/store';
import { TEST_API } from '../../testing/api-url';
import { signedIn } from '../../testing/handlers/auth';
import { server } from '../../testing/msw-server';
import { installFakePush } from '../../testing/push';
import { loggedInAs } from '../../testing/session';
import { sessionsAtom } from '../../lib/session/atoms';
import { logout } from '../../lib/session/session';

let push: ReturnType<typeof installFakePush> | null = null;

afterEach(() => {
  push?.uninstall();
  push = null;
});

it('logout stops this device’s re-purchase reminders while the session still works, then ends it', async () => {
  const endpoint = 'https://push.example.test/dispositivo-compartido';
  push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
  const subscription = push.current()!;
  const calls: string[] = [];
  server.use(
    http.delete(`${TEST_API}/push/subscriptions`, async ({ request }) => {
      const body = (await request.json()) as { endpoint: string };
      calls.push(`forget ${body.endpoint} ${signedIn(request) ? 'signed in' : 'signed out'}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  await loggedInAs('co');
  await logout('co');
  expect(calls).toEqual([`forget ${endpoint} signed in`]);
  expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  expect(appStore.get(sessionsAtom).co).toBeNull();
});
