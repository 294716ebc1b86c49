import { dehydrate, QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { patientQueries, type PatientRegister } from '../../features/patients/api';
import { writeAnswer } from '../../lib/db';
import { QUERY_CACHE_BUSTER, QUERY_CACHE_STORAGE_KEY } from '../../lib/query';
import { TEST_API } from '../../testing/api-url';
import { buildPatient } from '../../testing/handlers/prescriptions';
import { server } from '../../testing/msw-server';
import { textsByRole } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { loggedInAs } from '../../testing/session';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The HTTP layer retries a failed read twice (300 ms, then 600 ms) before the screen learns it failed. */
const REFRESH_FAILED = { timeout: 4000 };
/**
 * The register kept on the device is read once the page is painted and idle, after the screen's first render and the
 * layout's own idle work: on a loaded test machine that passed the default second.
 */
const REGISTER_READ = { timeout: 4000 };

const register: PatientRegister = {
  patients: [
    buildPatient(),
    buildPatient({ id: 502, first_name: 'Julián', last_name: 'Torres', email: 'julian@correo.test' }),
    buildPatient({ id: 503, first_name: 'Álvaro', last_name: 'Núñez', email: 'alvaro@correo.test' }),
  ],
  total: 3,
};

/** What a day online left on the device two days ago: the professional's register in the saved query cache. */
async function registerSavedTwoDaysAgo(viewer: string) {
  const client = new QueryClient();
  client.setQueryData(patientQueries.register('co', viewer).queryKey, register, { updatedAt: Date.now() - 2 * DAY_MS });
  const saved = { timestamp: Date.now() - 2 * DAY_MS, buster: QUERY_CACHE_BUSTER, clientState: dehydrate(client) };
  await writeAnswer(QUERY_CACHE_STORAGE_KEY, JSON.stringify(saved));
}

function serverUnreachable() {
  server.use(
    http.get(`${TEST_API}/patients`, () => HttpResponse.error()),
    http.get(`${TEST_API}/patients/:id`, () => HttpResponse.error()),
    http.get(`${TEST_API}/patients/:id/strategies`, () => HttpResponse.error()),
  );
}

/** A doctor whose register was saved two days ago opens `path` while the server cannot be reached. */
async function openOfflineWithSavedRegister(path: string) {
  const profile = await loggedInAs('co');
  await registerSavedTwoDaysAgo(profile.uid);
  serverUnreachable();
  await renderApp(path);
}

describe('patients without connection', () => {
  it('lists and searches the register kept on the device, with its age', async () => {
    await openOfflineWithSavedRegister('/co/mi-cuenta/mis-pacientes');
    const table = await screen.findByRole('table', { name: 'Tus pacientes' }, REGISTER_READ);
    expect(textsByRole(table, 'link')).toEqual(['Álvaro Núñez', 'Julián Torres', 'Mariana Gómez Ortiz']);
    // Once the server could not be asked (after the HTTP layer's retries).
    expect(await screen.findByText('Actualizado hace 2 días', {}, REFRESH_FAILED)).toBeTruthy();
    expect(screen.getByText('Mostramos los pacientes guardados en este dispositivo.')).toBeTruthy();

    // Accents and case aside, every word in the name or the e-mail, as the server searches.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o correo' }), 'alvaro nunez');
    await waitFor(() => expect(textsByRole(table, 'link')).toEqual(['Álvaro Núñez']));
  });

  it('opens a patient never opened on this device from the register', async () => {
    await openOfflineWithSavedRegister('/co/mi-cuenta/mis-pacientes/502');
    expect(await screen.findByRole('heading', { name: 'Julián Torres', level: 1 })).toBeTruthy();
    expect(screen.getByText('julian@correo.test')).toBeTruthy();
    expect(await screen.findByText('Actualizado hace 2 días', {}, REFRESH_FAILED)).toBeTruthy();
  });

  it('lets the builder choose any patient of the register', async () => {
    await openOfflineWithSavedRegister('/co/mi-cuenta/prescripcion');
    const list = await screen.findByRole('list', { name: 'Tus pacientes' }, REGISTER_READ);
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(
      await screen.findByText(/eliges entre los pacientes guardados en este dispositivo/, {}, REFRESH_FAILED),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar paciente por nombre o correo' }), 'julian');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    await userEvent.click(within(list).getByRole('button', { name: /Julián Torres/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paciente: Julián Torres')).toBeTruthy();
  });

  it('starts a prescription for a patient of the register from the patient’s page link', async () => {
    await openOfflineWithSavedRegister('/co/mi-cuenta/prescripcion?paciente=503');
    const next = await screen.findByRole('button', { name: 'Siguiente' });
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false), REFRESH_FAILED);
    await userEvent.click(next);
    expect(await screen.findByText('Paciente: Álvaro Núñez')).toBeTruthy();
  });
});
