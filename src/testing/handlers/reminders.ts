import { http, HttpResponse } from 'msw';
import type {
  PushDeviceDto,
  PushSubscriptionInputDto,
  PushUnsubscribeDto,
  ReminderDto,
} from '../../lib/shared/reminders';
import { TEST_API } from '../api-url';
import { signedIn } from './auth';

// A fake of the reminders' calls (server/src/reminders/routes.ts): the same paths, shapes and Spanish messages. Not
// in the default handlers: a test opts in with `server.use(...reminderHandlers)`.

/** A 65-byte P-256 public key in URL-safe base64, as `GET /push/public-key` answers. */
export const TEST_VAPID_PUBLIC_KEY =
  'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo';

/** A reminder of the demo patient's prescription 7001; override what the test is about. */
export function buildReminder(overrides: Partial<ReminderDto> = {}): ReminderDto {
  return {
    id: 41,
    prescriptionId: 7001,
    prescriptionType: 'prescription',
    authorName: 'Carolina Mejía',
    orderNumber: 'CO-000012',
    purchasedAt: '2026-11-20T15:00:00.000Z',
    runsOutOn: '2026-12-20',
    status: 'upcoming',
    products: [
      {
        productId: 1,
        name: 'Magnesio Bisglicinato 400 mg',
        quantity: 1,
        daysOfSupply: 30,
        runsOutOn: '2026-12-20',
      },
      { productId: 2, name: 'Omega 3 Ultra', quantity: 2, daysOfSupply: 60, runsOutOn: '2027-01-19' },
    ],
    notifications: [
      { leadDays: 7, dueAt: '2026-12-13T14:00:00.000Z', sentAt: '2026-12-13T14:00:05.000Z', outcome: 'sent' },
      { leadDays: 2, dueAt: '2026-12-18T14:00:00.000Z', sentAt: null, outcome: null },
    ],
    url: '/co/bolsa?recompra=7001',
    ...overrides,
  };
}

export const reminderFixtures = {
  reminders: [] as ReminderDto[],
  devices: [] as PushDeviceDto[],
  /** Bodies the fake received, for the tests to check what the storefront sent. */
  subscribed: [] as PushSubscriptionInputDto[],
  unsubscribed: [] as string[],
  /** Set to make `POST /push/subscriptions` fail with this status. */
  failSubscribeWith: null as number | null,
};

export function resetReminderFixtures(): void {
  reminderFixtures.reminders = [];
  reminderFixtures.devices = [];
  reminderFixtures.subscribed = [];
  reminderFixtures.unsubscribed = [];
  reminderFixtures.failSubscribeWith = null;
}

const UNAUTHORIZED = () => HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });

export const reminderHandlers = [
  http.get(`${TEST_API}/push/public-key`, () => HttpResponse.json({ publicKey: TEST_VAPID_PUBLIC_KEY })),
  http.get(`${TEST_API}/reminders`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: reminderFixtures.reminders }) : UNAUTHORIZED(),
  ),
  http.get(`${TEST_API}/push/subscriptions`, ({ request }) =>
    signedIn(request) ? HttpResponse.json({ data: reminderFixtures.devices }) : UNAUTHORIZED(),
  ),
  http.post(`${TEST_API}/push/subscriptions`, async ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    if (reminderFixtures.failSubscribeWith !== null) {
      return HttpResponse.json(
        { message: 'Ocurrió un error inesperado en el servidor. Intenta nuevamente en unos minutos.' },
        { status: reminderFixtures.failSubscribeWith },
      );
    }
    const body = (await request.json()) as PushSubscriptionInputDto;
    reminderFixtures.subscribed.push(body);
    const now = new Date().toISOString();
    const known = reminderFixtures.devices.find((device) => device.endpoint === body.endpoint);
    const device: PushDeviceDto = {
      endpoint: body.endpoint,
      language: body.language ?? 'es',
      createdAt: known?.createdAt ?? now,
      updatedAt: now,
    };
    reminderFixtures.devices = [...reminderFixtures.devices.filter((d) => d.endpoint !== body.endpoint), device];
    return HttpResponse.json(device);
  }),
  http.delete(`${TEST_API}/push/subscriptions`, async ({ request }) => {
    if (!signedIn(request)) return UNAUTHORIZED();
    const { endpoint } = (await request.json()) as PushUnsubscribeDto;
    if (!reminderFixtures.devices.some((device) => device.endpoint === endpoint)) {
      return HttpResponse.json({ message: 'Este dispositivo no recibe recordatorios en tu cuenta.' }, { status: 404 });
    }
    reminderFixtures.unsubscribed.push(endpoint);
    reminderFixtures.devices = reminderFixtures.devices.filter((device) => device.endpoint !== endpoint);
    return new HttpResponse(null, { status: 204 });
  }),
];
