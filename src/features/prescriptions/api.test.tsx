import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../lib/shared/accounts';
import type { CreatePrescriptionRequestDto, PrescriptionDetailDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { buildPrescriptionDetail, prescriptionFixtures } from '../../testing/handlers/prescriptions';
import {
  invalidatedKeys,
  renderWithQueryClient,
  renderWithSeededQueries,
  seedQueries,
} from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { patientQueries } from '../patients/api';
import {
  prescriptionQueries,
  templateQueries,
  useCancelPrescription,
  useCreatePrescription,
  useCreateTemplate,
  useRememberPrescription,
} from './api';

const VIEWER = 'viewer-1';

function doctor() {
  return loggedInAs('co', { role: { id: ROLE_IDS.doctor, name: 'doctor' }, uid: 'uid-doctor' });
}

const BODY: CreatePrescriptionRequestDto = {
  patientId: 501,
  tools: [
    {
      productId: 1,
      momentsDay: [{ id: 10, quantity: 1 }],
      prescriptionDuration: { time: 'days', quantity: 30 },
      prescriptionIndications: '',
      units: 1,
    },
  ],
  notes: '',
};

const OUTBOX = { kind: 'prescription' as const, author: 'uid-doctor', label: 'Mariana Gómez Ortiz' };

/** Keys of this country's prescriptions, templates and patients, and of another country's prescriptions. */
function seededKeys() {
  return {
    own: prescriptionQueries.own('co', VIEWER, 1).queryKey,
    templates: templateQueries.list('co', VIEWER).queryKey,
    patients: patientQueries.register('co', VIEWER).queryKey,
    strategies: patientQueries.strategies('co', VIEWER, 501, { from: '', to: '' }).queryKey,
    otherCountry: prescriptionQueries.own('pe', VIEWER, 1).queryKey,
  };
}

afterEach(() => onlineManager.setOnline(true));

describe('useCreatePrescription', () => {
  it('sends the draft with its key, keeps the answer for its page and refreshes the lists and the patients', async () => {
    await doctor();
    const { result, client, keys } = renderWithSeededQueries(() => useCreatePrescription('co', VIEWER), seededKeys());

    const created = (await act(() =>
      result.current.mutateAsync({ body: BODY, idempotencyKey: 'draft-key', outbox: OUTBOX }),
    )) as PrescriptionDetailDto;

    expect(prescriptionFixtures.created).toEqual([{ key: 'draft-key', body: BODY }]);
    const detailKey = prescriptionQueries.detail('co', VIEWER, created.id).queryKey;
    expect(client.getQueryData(detailKey)).toEqual(created);
    expect(invalidatedKeys(client)).toEqual([keys.own, keys.patients, keys.strategies, detailKey]);
  });

  it('still sends while the browser says it is offline (the service worker keeps it) and refreshes nothing', async () => {
    await doctor();
    const outboxHeaders: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/prescriptions`, ({ request }) => {
        outboxHeaders.push(request.headers.get('x-outbox'));
        return HttpResponse.json({ queued: true, id: 'draft-key' }, { status: 202 });
      }),
    );
    const { result, client } = renderWithQueryClient(() => useCreatePrescription('co', VIEWER));
    seedQueries(client, Object.values(seededKeys()));
    onlineManager.setOnline(false);

    const answer = await act(() =>
      result.current.mutateAsync({
        body: BODY,
        idempotencyKey: 'draft-key',
        outbox: { ...OUTBOX, dependsOn: 'patient-key' },
      }),
    );

    expect(answer).toEqual({ queued: true, id: 'draft-key' });
    expect(outboxHeaders.map((header) => JSON.parse(decodeURIComponent(header ?? '')) as unknown)).toEqual([
      { ...OUTBOX, country: 'co', dependsOn: 'patient-key' },
    ]);
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useRememberPrescription', () => {
  it('puts a delivered prescription where its page reads it, without marking anything stale', async () => {
    await doctor();
    const { result, client } = renderWithQueryClient(() => useRememberPrescription('co', VIEWER));
    const detail = buildPrescriptionDetail({ id: 7100 });

    act(() => result.current(detail));

    const key = prescriptionQueries.detail('co', VIEWER, 7100).queryKey;
    expect(client.getQueryData(key)).toEqual(detail);
    expect(invalidatedKeys(client)).toEqual([]);
  });
});

describe('useCreateTemplate', () => {
  it('sends the template with its key, even while the browser says it is offline, and refreshes only this country’s templates', async () => {
    await doctor();
    const keys: string[] = [];
    server.use(
      http.post(`${TEST_API}/prescription-templates`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        return undefined;
      }),
    );
    const { result, client } = renderWithQueryClient(() => useCreateTemplate('co'));
    const seeded = seededKeys();
    const otherCountry = templateQueries.list('pe', VIEWER).queryKey;
    seedQueries(client, [...Object.values(seeded), otherCountry]);
    onlineManager.setOnline(false);

    const saved = await act(() =>
      result.current.mutateAsync({
        body: { name: 'Sueño', prescriptionId: 7001 },
        idempotencyKey: 'template-key',
        author: 'uid-doctor',
      }),
    );

    expect(saved).toMatchObject({ name: 'Sueño' });
    expect(keys).toEqual(['template-key']);
    expect(prescriptionFixtures.createdTemplates).toEqual([{ name: 'Sueño', prescriptionId: 7001 }]);
    expect(invalidatedKeys(client)).toEqual([seeded.templates]);
  });
});

describe('useCancelPrescription', () => {
  it('cancels it, shows the answer on its page and refreshes the patients, not the lists', async () => {
    await doctor();
    prescriptionFixtures.prescriptions = [buildPrescriptionDetail({ id: 7001 })];
    const { result, client, keys } = renderWithSeededQueries(
      () => useCancelPrescription('co', VIEWER, 7001),
      seededKeys(),
    );

    await act(() => result.current.mutateAsync());

    const detail = client.getQueryData<PrescriptionDetailDto>(prescriptionQueries.detail('co', VIEWER, 7001).queryKey);
    expect(detail?.status).toBe('cancelled');
    expect(prescriptionFixtures.prescriptions[0]?.status).toBe('cancelled');
    expect(invalidatedKeys(client)).toEqual([keys.patients, keys.strategies]);
  });
});
