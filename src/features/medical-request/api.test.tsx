import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MedicalRequestInputDto } from '../../lib/shared/prescriptions';
import { TEST_API } from '../../testing/api-url';
import { prescriptionFixtures } from '../../testing/handlers/prescriptions';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { useSendMedicalRequest } from './api';

const REQUEST: MedicalRequestInputDto = {
  names: 'Ana',
  last_names: 'Ruiz',
  email: 'ana@demo.test',
  country_id: 1,
  country_code: '+57',
  mobile_number: '3001234567',
  description: 'Quiero una consulta.',
  topic: 'attention',
};

describe('useSendMedicalRequest', () => {
  it('sends the request and leaves every cached answer as it was', async () => {
    const { result, client } = renderWithQueryClient(() => useSendMedicalRequest('co'));
    const adminList = ['admin', 'co', 'medical-requests', '', 1] as const;
    seedQueries(client, [adminList]);

    const sent = await act(() => result.current.mutateAsync(REQUEST));

    expect(prescriptionFixtures.medicalRequests).toEqual([REQUEST]);
    expect(sent).toMatchObject({ email: 'ana@demo.test', topic: 'attention' });
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('keeps the server’s refusal as the error', async () => {
    server.use(
      http.post(`${TEST_API}/medical-requests`, () =>
        HttpResponse.json({ message: 'Escribe un correo válido.' }, { status: 400 }),
      ),
    );
    const { result } = renderWithQueryClient(() => useSendMedicalRequest('co'));

    await act(() => result.current.mutateAsync(REQUEST).catch(() => null));

    await waitFor(() => expect(result.current.error?.message).toBe('Escribe un correo válido.'));
  });
});
