import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeader } from '../../lib/idempotency';
import { outboxHeaders } from '../../lib/outbox';
import { ApiError, authClient, requestDetail } from '../../lib/http';
import type { CredentialsStatusDto } from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';
import { isQueuedAnswer, type OutboxMeta, type QueuedAnswerDto } from '../../lib/shared/outbox';
import { hasSession } from '../../lib/session/session';

export const credentialQueries = {
  all: (country: CountryCode) => ['credentials', country] as const,
  status: (country: CountryCode, userId: number) =>
    queryOptions({
      queryKey: [...credentialQueries.all(country), userId] as const,
      queryFn: async ({ signal }) => {
        try {
          return await authClient.request<CredentialsStatusDto>('/credentials', { country, signal });
        } catch (error) {
          if (error instanceof ApiError && error.kind === 'unauthorized') throw error;
          // Product §8: the status has its own message when it cannot be read.
          throw new ApiError(
            t`No se pudo obtener el estado de las credenciales`,
            'http',
            error instanceof ApiError ? error.detail : '',
          );
        }
      },
    }),
};

export interface CredentialUpload {
  files: File[];
  userId: number;
  documentType: string;
  contactNumber: string;
  countryCode: string;
  /** The same for a retry of the same upload (see `useIdempotencyKey`), so the files are stored once. */
  idempotencyKey?: string;
  /**
   * With a key: what the service worker shows of it if it keeps the upload while the connection is down (it is sent
   * when the connection comes back). Without, a failure is simply reported.
   */
  outbox?: Pick<OutboxMeta, 'kind' | 'author' | 'label' | 'detail'>;
}

/**
 * Product §7 multipart upload: files, userId, documentType, contactNumber, countryCode. Product §5: without a session it
 * fails before sending; product §8: failures show the server's errors or message, else 'Error {status}: {statusText}'.
 */
export async function uploadCredentials(
  country: CountryCode,
  upload: CredentialUpload,
  onProgress?: (fraction: number) => void,
): Promise<CredentialsStatusDto | QueuedAnswerDto> {
  if (!hasSession(country)) {
    throw new ApiError(
      t`No hay un token de autenticación disponible.`,
      'unauthorized',
      requestDetail('POST', '/credentials'),
    );
  }
  const form = new FormData();
  for (const file of upload.files) form.append('files', file, file.name);
  form.append('userId', String(upload.userId));
  form.append('documentType', upload.documentType);
  form.append('contactNumber', upload.contactNumber);
  form.append('countryCode', upload.countryCode);
  try {
    const key = upload.idempotencyKey;
    return await authClient.upload<CredentialsStatusDto | QueuedAnswerDto>('/credentials', form, {
      country,
      ...(key
        ? {
            headers: {
              ...idempotencyHeader(key),
              ...(upload.outbox ? outboxHeaders({ ...upload.outbox, country }) : {}),
            },
          }
        : {}),
      ...(onProgress ? { onProgress } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && !error.fromServer && error.status !== undefined) {
      const { status, statusText } = error;
      throw new ApiError(t`Error ${status}: ${statusText}`, 'http', error.detail, status);
    }
    throw error;
  }
}

/**
 * Uploads a professional's credentials. The answer is the status their panel shows at once; an upload the service
 * worker keeps while the connection is down is not on the server yet, so nothing changes.
 */
export function useUploadCredentials(country: CountryCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: CredentialUpload; onProgress?: (fraction: number) => void }) =>
      uploadCredentials(country, upload, onProgress),
    // The service worker keeps the write while offline: the request must leave even without connection.
    networkMode: 'offlineFirst',
    onSuccess: (next, { upload }) => {
      if (!isQueuedAnswer(next))
        queryClient.setQueryData(credentialQueries.status(country, upload.userId).queryKey, next);
    },
  });
}
