import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { getDatabase, readAnswer, writeAnswer, writeValue } from '../../lib/db';
import { QUERY_CACHE_STORAGE_KEY } from '../../lib/query';
import { OUTBOX_MESSAGES } from '../../lib/shared/outbox';
import { buildOutboxItem, installFakeServiceWorker } from '../../testing/fake-service-worker';
import { buildPatient, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { arrivesAt, renderApp } from '../../testing/render';
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
  await writeAnswer(
    QUERY_CACHE_STORAGE_KEY,
    JSON.stringify({ clientState: { queries: [{ state: { data: PATIENT } }] } }),
  );
  const { router } = await renderApp('/co/mi-cuenta/datos-personales');
  await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
  // The pending write is the doctor's own: the logout asks first (use-guarded-logout.test.tsx).
  await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión de todos modos' }));
  await arrivesAt(router, '/co');
  await waitFor(async () => {
    const rows = await (await getDatabase()).kv.toArray();
    expect(JSON.stringify(rows)).not.toContain(PATIENT);
    expect(JSON.stringify(rows)).not.toContain('ana@correo.test');
    expect((await readAnswer(QUERY_CACHE_STORAGE_KEY)) ?? '').not.toContain(PATIENT);
  });
  expect(worker.asked.map((message) => message.type)).toContain(OUTBOX_MESSAGES.forgetDelivered);
  // The undelivered write stays for its author's next login.
  expect(worker.items().map((item) => item.id)).toEqual(['pendiente-0002']);
});

/** The longest wait for the query cache's copy on the device (a ceiling, not a measured time). */
const SAVED_TIMEOUT_MS = 10_000;

it('logout forgets the patient register kept on the device for offline use, also in the copy saved after it', async () => {
  prescriptionFixtures.patients = [
    buildPatient({ first_name: 'Registro', last_name: 'Guardado', email: 'registro.guardado@correo.test' }),
  ];
  await loggedInAs('co');
  const { router } = await renderApp('/co/mi-cuenta/mis-pacientes');
  expect(await screen.findByRole('link', { name: 'Registro Guardado' })).toBeTruthy();
  const saved = async () => (await readAnswer(QUERY_CACHE_STORAGE_KEY)) ?? '';
  // The persister writes a throttled while after the change: on two busy cores that took over 3 s once.
  await waitFor(async () => expect(await saved()).toContain('"register"'), { timeout: SAVED_TIMEOUT_MS });

  await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
  await arrivesAt(router, '/co');
  // The provider saves the emptied cache again a moment later: that copy holds no patient either.
  await waitFor(async () => expect(await saved()).toContain('clientState'), { timeout: SAVED_TIMEOUT_MS });
  const rows = JSON.stringify(await (await getDatabase()).kv.toArray());
  expect(rows).not.toContain('Registro');
  expect(rows).not.toContain('registro.guardado@correo.test');
  expect(await saved()).not.toContain('Registro');
  expect(await saved()).not.toContain('registro.guardado@correo.test');
});
