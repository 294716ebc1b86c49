import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_API } from '../testing/api-url';
import { server } from '../testing/msw-server';
import { installFakePush } from '../testing/push';
import { loggedInAs } from '../testing/session';
import { applicationServerKey, forgetDevicePush, pushSupport } from './push';

const ENDPOINT = 'https://push.example.test/este-dispositivo';
let push: ReturnType<typeof installFakePush> | null = null;

afterEach(() => {
  push?.uninstall();
  push = null;
});

/** The server's DELETE, answering `status`; the endpoints it was asked to forget. */
function deleteAnswering(status: number): string[] {
  const asked: string[] = [];
  server.use(
    http.delete(`${TEST_API}/push/subscriptions`, async ({ request }) => {
      asked.push(((await request.json()) as { endpoint: string }).endpoint);
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ message: 'Este dispositivo no recibe recordatorios en tu cuenta.' }, { status });
    }),
  );
  return asked;
}

describe('this device’s push subscription', () => {
  it('decodes the VAPID key the way PushManager wants it', () => {
    expect([...applicationServerKey('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });

  it('knows when the browser has no push', () => {
    expect(pushSupport()).toBe('unsupported');
    push = installFakePush();
    expect(pushSupport()).toBe('supported');
  });

  it('is forgotten by the server first, then by the browser', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: ENDPOINT });
    const subscription = push.current()!;
    const asked = deleteAnswering(204);
    await loggedInAs('co');
    await forgetDevicePush('co');
    expect(asked).toEqual([ENDPOINT]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('stays when the server says it belongs to another account of this device', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: ENDPOINT });
    const asked = deleteAnswering(404);
    await loggedInAs('co');
    await forgetDevicePush('co');
    expect(asked).toEqual([ENDPOINT]);
    expect(push.current()?.unsubscribe).not.toHaveBeenCalled();
  });

  it('is dropped by the browser even when the server cannot be reached', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: ENDPOINT });
    const subscription = push.current()!;
    server.use(http.delete(`${TEST_API}/push/subscriptions`, () => HttpResponse.error()));
    await loggedInAs('co');
    await forgetDevicePush('co');
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
  });

  it('asks nothing when the browser holds no subscription', async () => {
    push = installFakePush();
    const asked = deleteAnswering(204);
    await loggedInAs('co');
    await forgetDevicePush('co');
    expect(asked).toEqual([]);
  });
});
