import { onlineManager } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../lib/shared/accounts';
import type { CreatePatientInputDto, PatientDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { adherenceFixtures, buildProductAdherence } from '../../testing/handlers/adherence';
import { prescriptionFixtures } from '../../testing/handlers/prescriptions';
import {
  invalidatedKeys,
  renderWithQueryClient,
  renderWithSeededQueries,
  seedQueries,
} from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { prescriptionQueries } from '../prescriptions/api';
import { patientQueries, useCreatePatient, useRemindPatient, useUpdatePatient } from './api';

const VIEWER = 'viewer-1';

function doctor() {
  return loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
}

const INPUT: CreatePatientInputDto = {
  first_name: 'Lucía',
  last_name: 'Pardo',
  birth_date: '1985-02-01',
  gender: null,
  email: 'lucia.pardo@demo.test',
  country_id: 1,
  document_type_id: null,
  document_number: '1020304050',
  country_code: null,
  phone_number: '',
  consent_attested: true,
};

/** Keys of this country's patients, another country's and another feature's. */
function seededKeys() {
  return {
    list: patientQueries.list('co', VIEWER, '', 1).queryKey,
    register: patientQueries.register('co', VIEWER).queryKey,
    otherCountry: patientQueries.register('pe', VIEWER).queryKey,
    prescriptions: prescriptionQueries.own('co', VIEWER, 1).queryKey,
  };
}

afterEach(() => onlineManager.setOnline(true));

describe('useCreatePatient', () => {
  it('sends the patient with its key and refreshes only this country’s patients', async () => {
    await doctor();
    const { result, client, keys } = renderWithSeededQueries(() => useCreatePatient('co'), seededKeys());

    const answer = await act(() =>
      result.current.mutateAsync({ input: INPUT, idempotencyKey: 'key-lucia', author: 'uid-doctor' }),
    );

    expect(answer).toMatchObject({ patient: { email: INPUT.email }, patientCreated: true });
    expect(prescriptionFixtures.createdPatients).toEqual([INPUT]);
    expect(prescriptionFixtures.patientKeys).toEqual(['key-lucia']);
    expect(invalidatedKeys(client)).toEqual([keys.list, keys.register]);
  });

  it('still sends while the browser says it is offline (the service worker keeps it) and refreshes nothing', async () => {
    await doctor();
    const outboxHeaders: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/patients`, ({ request }) => {
        outboxHeaders.push(request.headers.get('x-outbox'));
        return HttpResponse.json({ queued: true, id: 'key-lucia' }, { status: 202 });
      }),
    );
    const { result, client } = renderWithSeededQueries(() => useCreatePatient('co'), seededKeys());
    onlineManager.setOnline(false);

    const answer = await act(() =>
      result.current.mutateAsync({ input: INPUT, idempotencyKey: 'key-lucia', author: 'uid-doctor' }),
    );

    expect(answer).toEqual({ queued: true, id: 'key-lucia' });
    expect(outboxHeaders.map((header) => JSON.parse(decodeURIComponent(header ?? '')) as unknown)).toEqual([
      { kind: 'patient', country: 'co', author: 'uid-doctor', label: 'Lucía Pardo', detail: INPUT.email },
    ]);
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('keeps the server’s refusal as the error and refreshes nothing', async () => {
    await doctor();
    const { result, client } = renderWithSeededQueries(() => useCreatePatient('co'), seededKeys());
    const duplicate = { ...INPUT, email: prescriptionFixtures.patients[0]!.email };

    await act(() =>
      result.current
        .mutateAsync({ input: duplicate, idempotencyKey: 'key-dup', author: 'uid-doctor' })
        .catch(() => null),
    );

    await waitFor(() => expect(result.current.error?.message).toBe('Este paciente ya está en tu lista de pacientes.'));
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useUpdatePatient', () => {
  it('sends the changes, shows the answer on the patient’s page and refreshes the lists', async () => {
    await doctor();
    const id = prescriptionFixtures.patients[0]!.id;
    const { result, client, keys } = renderWithSeededQueries(() => useUpdatePatient('co', VIEWER, id), seededKeys());
    const detailKey = patientQueries.detail('co', VIEWER, id).queryKey;

    await act(() => result.current.mutateAsync({ first_name: 'Mariela' }));

    expect(prescriptionFixtures.patients[0]?.first_name).toBe('Mariela');
    expect(client.getQueryData<PatientDto>(detailKey)?.display_name).toBe('Mariela Gómez Ortiz');
    expect(invalidatedKeys(client)).toEqual([keys.list, keys.register, detailKey]);
  });
});

describe('useRemindPatient', () => {
  it('asks for the reminder of that product and refreshes only that patient’s figures', async () => {
    await doctor();
    adherenceFixtures.products[501] = [buildProductAdherence({ productId: 7 })];
    const { result, client } = renderWithQueryClient(() => useRemindPatient('co', VIEWER, 501));
    const adherence = patientQueries.adherence('co', VIEWER, 501).queryKey;
    const otherPatient = patientQueries.adherence('co', VIEWER, 502).queryKey;
    const keys = seededKeys();
    seedQueries(client, [adherence, otherPatient, ...Object.values(keys)]);

    const sent = await act(() => result.current.mutateAsync(7));

    expect(adherenceFixtures.reminders).toEqual(['501/7']);
    expect(sent).toMatchObject({ channel: 'push', remindAgainOn: expect.any(String) });
    expect(invalidatedKeys(client)).toEqual([adherence]);
  });
});
