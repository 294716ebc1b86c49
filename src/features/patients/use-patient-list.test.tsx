import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { PATIENTS_MAX_PAGE_SIZE } from '../../lib/shared/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { renderWithQueryClient } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { buildPatient } from '../../testing/handlers/prescriptions';
import { patientQueries, type PatientRegister } from './api';
import { usePatientList } from './use-patient-list';

const idle = vi.hoisted(() => ({ now: false }));
vi.mock('../../lib/use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => idle.now }));

/** The page sizes of the patient lists asked for: the page's own (20) or the register's (the largest page). */
function askedPageSizes(): { sizes: number[]; stop: () => void } {
  const sizes: number[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/patients')) sizes.push(Number(url.searchParams.get('limit')));
  };
  server.events.on('request:start', listener);
  return { sizes, stop: () => server.events.removeListener('request:start', listener) };
}

afterEach(() => {
  idle.now = false;
});

describe('usePatientList', () => {
  it('asks for the page at once and for the offline register only once the screen is painted and idle', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
    const asked = askedPageSizes();
    const { result, rerender, client } = renderWithQueryClient(() => usePatientList('co', 'uid-doctor', '', 1));
    await waitFor(() => expect(result.current.data?.data.length).toBeGreaterThan(0));
    expect(asked.sizes).toEqual([20]);

    idle.now = true;
    rerender();
    await waitFor(() => expect(client.getQueryData(patientQueries.register('co', 'uid-doctor').queryKey)).toBeTruthy());
    expect(asked.sizes).toEqual([20, PATIENTS_MAX_PAGE_SIZE]);
    asked.stop();
  });

  it('without connection, shows the register kept on the device before the screen is idle', async () => {
    await loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
    server.use(http.get(`${TEST_API}/patients`, () => HttpResponse.error()));
    const asked = askedPageSizes();
    const { result, client } = renderWithQueryClient(() => usePatientList('co', 'uid-doctor', '', 1));
    const register: PatientRegister = {
      patients: [buildPatient({ first_name: 'Lucía', last_name: 'Pardo' })],
      total: 1,
    };
    act(() => client.setQueryData(patientQueries.register('co', 'uid-doctor').queryKey, register));
    await waitFor(() => expect(result.current.data?.data.map((patient) => patient.first_name)).toEqual(['Lucía']));
    await waitFor(() => expect(result.current.unconfirmed).toBe(true));
    expect(result.current.data?.data.map((patient) => patient.first_name)).toEqual(['Lucía']);
    expect(asked.sizes).not.toContain(PATIENTS_MAX_PAGE_SIZE);
    asked.stop();
  });
});
