import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { languageChoiceAtom } from '../../../lib/language';
import { PUSH_SERVICE_TIMEOUT_MS } from '../../../lib/push';
import { localDay, type PushDeviceDto } from '../../../lib/shared/reminders';
import { addDays } from '../../../lib/shared/calendar-date';
import { appStore, flushPersistedState } from '../../../lib/store';
import { server } from '../../../testing/msw-server';
import {
  buildReminder,
  reminderFixtures,
  reminderHandlers,
  TEST_VAPID_PUBLIC_KEY,
} from '../../../testing/handlers/reminders';
import { installFakePush } from '../../../testing/push';
import { renderApp } from '../../../testing/render';
import { loggedInAsPatient } from '../../../testing/session';

const PATH = '/co/mi-cuenta/recordatorios';
const SWITCH = 'Recibir recordatorios de recompra en este dispositivo';
const today = () => localDay(new Date(), 'America/Bogota');

const asPatient = loggedInAsPatient;

/** The text of the alert the page shows. */
const alertText = async () => (await screen.findByRole('alert')).textContent;

/** The reminders page, signed in as the demo patient. */
async function openReminders() {
  await asPatient();
  return renderApp(PATH);
}

/** The switch once it can be used (it waits for the browser's subscription to be read), turned. */
async function flipSwitch(): Promise<HTMLInputElement> {
  const toggle = (await screen.findByRole('switch', { name: SWITCH })) as HTMLInputElement;
  await waitFor(() => expect(toggle.disabled).toBe(false));
  await userEvent.click(toggle);
  return toggle;
}

function keyBytes(key: string): number[] {
  return [...atob(key.replace(/-/g, '+').replace(/_/g, '/') + '=')].map((char) => char.charCodeAt(0));
}

let push: ReturnType<typeof installFakePush> | null = null;
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(() => {
  server.use(...reminderHandlers);
});

afterEach(() => {
  vi.useRealTimers();
  push?.uninstall();
  push = null;
  delete (navigator as { onLine?: boolean }).onLine;
  delete (navigator as { userAgent?: string }).userAgent;
});

describe('re-purchase reminders page', () => {
  it('is in the patient’s menu', async () => {
    await openReminders();
    const management = await screen.findByRole('navigation', { name: 'Gestión y seguimiento' });
    expect(within(management).getByRole('link', { name: 'Recordatorios de recompra' }).getAttribute('href')).toBe(PATH);
    expect(await screen.findByRole('heading', { name: 'Recordatorios de recompra' })).toBeTruthy();
  });

  it('lists each purchase with its products, when it runs out, its notices and a way to buy again', async () => {
    const runsOutOn = addDays(today(), 12);
    reminderFixtures.reminders = [buildReminder({ runsOutOn })];
    await openReminders();
    const card = await screen.findByRole('article', { name: /^Se termina el .+ \(en 12 días\)$/ });
    expect(card.textContent).toContain('Prescripción de Carolina Mejía · pedido CO-000012');
    const products = within(card).getByRole('list', { name: 'Productos' });
    expect(products.textContent).toContain('Magnesio Bisglicinato 400 mg');
    expect(products.textContent).toContain('1 unidad · alcanza para 30 días, hasta el 20 de diciembre de 2026');
    expect(products.textContent).toContain('2 unidades · alcanza para 60 días, hasta el 19 de enero de 2027');
    const notices = within(card).getByRole('list', { name: 'Avisos' });
    expect(notices.textContent).toContain('Aviso 7 días antes: enviado el 13 de diciembre de 2026');
    expect(notices.textContent).toMatch(/Aviso 2 días antes: (programado para el|enviándose)/);
    expect(within(card).getByRole('link', { name: 'Volver a comprar' }).getAttribute('href')).toBe(
      '/co/bolsa?recompra=7001',
    );
  });

  it('says when there are no reminders yet', async () => {
    await openReminders();
    expect(await screen.findByText(/Aún no tienes recordatorios/)).toBeTruthy();
  });

  it('explains that this browser cannot receive notifications, and keeps the list', async () => {
    reminderFixtures.reminders = [buildReminder({ runsOutOn: addDays(today(), 3) })];
    await openReminders();
    expect(await screen.findByText(/Este navegador no puede recibir notificaciones/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(await screen.findByRole('article', { name: /en 3 días/ })).toBeTruthy();
  });

  it('tells iPhone users to install the app first', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1',
    });
    await openReminders();
    expect(await screen.findByText(/En iPhone y iPad las notificaciones solo llegan a la app instalada/)).toBeTruthy();
  });

  it('turns reminders on: permission, a subscription with the server’s key, and the device registered', async () => {
    push = installFakePush();
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Desactivado en este dispositivo.')).toBeTruthy();

    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(push.requestPermission).toHaveBeenCalledOnce();
    expect(push.pushManager.subscribe).toHaveBeenCalledOnce();
    const [request] = push.pushManager.subscribe.mock.calls[0]!;
    expect(request.userVisibleOnly).toBe(true);
    expect([...request.applicationServerKey]).toEqual(keyBytes(TEST_VAPID_PUBLIC_KEY));
    expect(reminderFixtures.subscribed).toEqual([
      {
        endpoint: 'https://push.example.test/dispositivo-1',
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
        language: 'es',
      },
    ]);
    expect(
      screen.getByText(/^Activado: te avisaremos en este dispositivo 7 y 2 días antes de que se termine cada compra/),
    ).toBeTruthy();
  });

  it('turns reminders off: the server forgets the device and the browser drops the subscription', async () => {
    const endpoint = 'https://push.example.test/ya-suscrito';
    push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
    const subscription = push.current()!;
    reminderFixtures.devices = [
      { endpoint, language: 'es', createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z' },
    ];
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));

    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(reminderFixtures.unsubscribed).toEqual([endpoint]);
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(push.current()).toBeNull();
  });

  it('shows the switch off when this browser’s subscription belongs to no device of the account', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: 'https://push.example.test/de-otra-cuenta' });
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('says how to unblock notifications when the user refuses them', async () => {
    push = installFakePush({ answer: 'denied' });
    await openReminders();
    const toggle = await flipSwitch();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Bloqueaste las notificaciones de este sitio\. Para recibir recordatorios, permítelas/,
    );
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(reminderFixtures.subscribed).toEqual([]);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(document.getElementById('push-opt-in-state')?.textContent).not.toBe('Un momento…');
  });

  it('asks again when the permission prompt is closed without an answer', async () => {
    push = installFakePush({ answer: 'default' });
    await openReminders();
    const toggle = await flipSwitch();
    expect(await alertText()).toBe(
      'No diste permiso para mostrar notificaciones. Vuelve a activar esta opción y elige «Permitir».',
    );
    expect((toggle as HTMLInputElement).disabled).toBe(false);
  });

  it('says so when the browser’s push service fails, and registers nothing', async () => {
    push = installFakePush({
      subscribeError: new DOMException('Registration failed - push service error', 'AbortError'),
    });
    await openReminders();
    const toggle = await flipSwitch();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^No pudimos activar los recordatorios en este dispositivo: el servicio de notificaciones del navegador no respondió/,
    );
    expect(reminderFixtures.subscribed).toEqual([]);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await waitFor(() =>
      expect(document.getElementById('push-opt-in-state')?.textContent).toBe('Desactivado en este dispositivo.'),
    );
  });

  it('waits for the person at the permission prompt, then says why when the push service never answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    push = installFakePush({ permissionWaits: true, subscribeHangs: true });
    await openReminders();
    const toggle = await flipSwitch();
    const state = () => document.getElementById('push-opt-in-state')?.textContent;
    await waitFor(() => expect(state()).toBe('Responde al aviso del navegador para permitir las notificaciones.'));
    act(() => push?.answerPermission());
    await waitFor(() => expect(state()).toBe('Un momento…'));
    await waitFor(() => expect(push?.pushManager.subscribe).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(PUSH_SERVICE_TIMEOUT_MS));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^No pudimos activar los recordatorios en este dispositivo: el servicio de notificaciones del navegador no respondió/,
    );
    await waitFor(() => expect(state()).toBe('Desactivado en este dispositivo.'));
    expect(reminderFixtures.subscribed).toEqual([]);
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
  });

  it('shows the server’s message when registering the device fails', async () => {
    push = installFakePush();
    reminderFixtures.failSubscribeWith = 400;
    await openReminders();
    const toggle = await flipSwitch();
    expect(await alertText()).toBe('Ocurrió un error inesperado en el servidor. Intenta nuevamente en unos minutos.');
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('cannot be changed offline, and says why', async () => {
    push = installFakePush();
    setOnline(false);
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(
      await screen.findByText('Sin conexión: podrás cambiar esta opción cuando vuelvas a estar en línea.'),
    ).toBeTruthy();
    expect((toggle as HTMLInputElement).disabled).toBe(true);
  });
});

describe('the language of this device’s reminders', () => {
  const endpoint = 'https://push.example.test/ya-suscrito';
  const serverDevice = (language: PushDeviceDto['language']): PushDeviceDto => ({
    endpoint,
    language,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
  });
  /** The footer's 'Idioma (Language)' select. */
  const chooseLanguage = async (language: 'es' | 'en') => {
    const [select] = await screen.findAllByTestId('language-switch');
    await userEvent.selectOptions(select!, language);
  };
  const subscribedLanguages = () => reminderFixtures.subscribed.map((body) => [body.endpoint, body.language]);

  afterEach(async () => {
    // Unmounted first: the Spanish the next test starts with is not an update of this test's screen.
    cleanup();
    await activateLocale('es');
  });

  it('is the interface’s when reminders are turned on: English on a device that chose English', async () => {
    appStore.set(languageChoiceAtom, 'en');
    await flushPersistedState();
    push = installFakePush();
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: 'Receive re-purchase reminders on this device' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(subscribedLanguages()).toEqual([['https://push.example.test/dispositivo-1', 'en']]);
    expect(reminderFixtures.devices.map((device) => device.language)).toEqual(['en']);
  });

  it('follows a switch of language on a subscribed device: the subscription is sent again in the new language', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
    reminderFixtures.devices = [serverDevice('es')];
    await openReminders();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    // Already in the interface's language: nothing is sent.
    expect(reminderFixtures.subscribed).toEqual([]);

    await chooseLanguage('en');
    await waitFor(() => expect(subscribedLanguages()).toEqual([[endpoint, 'en']]));
    expect(reminderFixtures.subscribed[0]?.keys).toEqual(push.current()?.toJSON().keys);
    expect(reminderFixtures.devices).toEqual([expect.objectContaining({ endpoint, language: 'en' })]);
    // Still on, in English.
    expect(
      (
        (await screen.findByRole('switch', {
          name: 'Receive re-purchase reminders on this device',
        })) as HTMLInputElement
      ).checked,
    ).toBe(true);

    await chooseLanguage('es');
    await waitFor(() =>
      expect(subscribedLanguages()).toEqual([
        [endpoint, 'en'],
        [endpoint, 'es'],
      ]),
    );
    expect(reminderFixtures.devices.map((device) => device.language)).toEqual(['es']);
  });

  it('reaches the server when the connection returns, after a switch made offline', async () => {
    push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
    reminderFixtures.devices = [serverDevice('es')];
    setOnline(false);
    await openReminders();
    await chooseLanguage('en');
    await screen.findByRole('switch', { name: 'Receive re-purchase reminders on this device' });
    expect(reminderFixtures.subscribed).toEqual([]);

    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(subscribedLanguages()).toEqual([[endpoint, 'en']]));
    expect(reminderFixtures.devices.map((device) => device.language)).toEqual(['en']);
  });

  it('catches up at start with a choice the server never heard of (made signed out, or by an older version)', async () => {
    appStore.set(languageChoiceAtom, 'en');
    await flushPersistedState();
    push = installFakePush({ permission: 'granted', existingEndpoint: endpoint });
    reminderFixtures.devices = [serverDevice('es')];
    await asPatient();
    await renderApp('/co');
    await waitFor(() => expect(subscribedLanguages()).toEqual([[endpoint, 'en']]));
  });

  it('leaves alone a subscription this account does not hold, and asks nothing without the permission', async () => {
    const checks: string[] = [];
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/push/subscriptions') checks.push(request.method);
    };
    server.events.on('request:start', count);
    try {
      push = installFakePush({ permission: 'granted', existingEndpoint: 'https://push.example.test/de-otra-cuenta' });
      await asPatient();
      await renderApp('/co');
      await waitFor(() => expect(checks).toEqual(['GET']));
      await chooseLanguage('en');
      await waitFor(() => expect(checks.length).toBeGreaterThanOrEqual(2));
      expect(new Set(checks)).toEqual(new Set(['GET']));
      expect(reminderFixtures.subscribed).toEqual([]);

      cleanup();
      push.uninstall();
      checks.length = 0;
      // A browser that never allowed notifications has no subscription: no request at all.
      push = installFakePush({ permission: 'default' });
      await renderApp('/co');
      await chooseLanguage('es');
      expect((await screen.findAllByRole('link', { name: 'Productos' })).length).toBeGreaterThan(0);
      // Long enough for the check's module to load and ask, had it been started.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(checks).toEqual([]);
    } finally {
      server.events.removeListener('request:start', count);
    }
  });
});
