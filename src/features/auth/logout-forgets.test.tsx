import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { getDatabase, writeValue } from '../../lib/db';
import { OUTBOX_MESSAGES } from '../../lib/shared/outbox';
import { buildOutboxItem, installFakeServiceWorker } from '../../testing/fake-service-worker';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

const PATIENT = 'Ana Gómez Paciente';
let worker: ReturnType<typeof installFakeServiceWorker> | null = null;

afterEach(() => {
  worker?.uninstall();
  worker = null;
});

it('logout leaves no patient data in IndexedDB and makes the outbox forget what it delivered', async () => {
  worker = installFakeServiceWorker([
    buildOutboxItem({ id: 'entregado-0001', label: PATIENT, state: 'delivered', deliveredAt: Date.now() }),
    buildOutboxItem({ id: 'pendiente-0002', label: 'Luis Díaz', state: 'pending' }),
  ]);
  await loggedInAs('co');
  // What a professional's day leaves on the device: a draft naming a patient, and the cached answers.
  await writeValue('prescription-drafts', {
    'uid-doctor:co': { patient: { id: 7, name: PATIENT, email: 'ana@correo.test', documentNumber: '123456' } },
  });
  await writeValue('query-cache', JSON.stringify({ clientState: { queries: [{ state: { data: PATIENT } }] } }));
  const { router } = await renderApp('/co/mi-cuenta/datos-personales');
  await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
  // The pending write is the doctor's own: the logout asks first (use-guarded-logout.test.tsx).
  await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión de todos modos' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/co'));
  await waitFor(async () => {
    const rows = await (await getDatabase()).kv.toArray();
    expect(JSON.stringify(rows)).not.toContain(PATIENT);
    expect(JSON.stringify(rows)).not.toContain('ana@correo.test');
  });
  expect(worker.asked.map((message) => message.type)).toContain(OUTBOX_MESSAGES.forgetDelivered);
  // The undelivered write stays for its author's next login.
  expect(worker.items().map((item) => item.id)).toEqual(['pendiente-0002']);
});
