import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '../../lib/shared/accounts';
import { TEST_API } from '../../testing/api-url';
import { accountFixtures } from '../../testing/handlers/account';
import { invalidatedKeys, renderWithQueryClient, seedQueries } from '../../testing/mutation-hooks';
import { server } from '../../testing/msw-server';
import { loggedInAs } from '../../testing/session';
import { credentialQueries, useUploadCredentials, type CredentialUpload } from './api';

const UPLOAD: CredentialUpload = {
  files: [new File(['%PDF-1.4 tarjeta'], 'tarjeta.pdf', { type: 'application/pdf' })],
  userId: 10,
  documentType: 'professional_card',
  contactNumber: '3101000004',
  countryCode: '+57',
  idempotencyKey: 'upload-key',
  outbox: { kind: 'credential', author: 'uid-doctor', label: 'tarjeta.pdf' },
};

afterEach(() => onlineManager.setOnline(true));

describe('useUploadCredentials', () => {
  it('sends the files and makes the answer that user’s status, touching nothing else', async () => {
    await loggedInAs('co', { id: 10, role: { id: ROLE_IDS.doctor, name: 'doctor' } });
    const { result, client } = renderWithQueryClient(() => useUploadCredentials('co'));
    const otherUser = credentialQueries.status('co', 11).queryKey;
    seedQueries(client, [otherUser]);

    await act(() => result.current.mutateAsync({ upload: UPLOAD }));

    expect(accountFixtures.credentials.history[0]).toMatchObject({
      documentType: 'professional_card',
      contactNumber: '3101000004',
      files: [expect.objectContaining({ name: 'tarjeta.pdf' })],
    });
    expect(client.getQueryData(credentialQueries.status('co', 10).queryKey)).toEqual(accountFixtures.credentials);
    expect(client.getQueryData(otherUser)).toEqual({ seeded: true });
    expect(invalidatedKeys(client)).toEqual([]);
  });

  it('still sends while the browser says it is offline (the service worker keeps it) and changes no status', async () => {
    await loggedInAs('co', { id: 10, role: { id: ROLE_IDS.doctor, name: 'doctor' } });
    const outbox: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/credentials`, ({ request }) => {
        outbox.push(request.headers.get('x-outbox'));
        return HttpResponse.json({ queued: true, id: 'upload-key' }, { status: 202 });
      }),
    );
    const { result, client } = renderWithQueryClient(() => useUploadCredentials('co'));
    onlineManager.setOnline(false);

    const answer = await act(() => result.current.mutateAsync({ upload: UPLOAD }));

    expect(answer).toEqual({ queued: true, id: 'upload-key' });
    expect(outbox.map((header) => JSON.parse(decodeURIComponent(header ?? '')) as unknown)).toEqual([
      { ...UPLOAD.outbox, country: 'co' },
    ]);
    expect(client.getQueryData(credentialQueries.status('co', 10).queryKey)).toBeUndefined();
  });
});
