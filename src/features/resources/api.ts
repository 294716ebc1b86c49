import { queryOptions } from '@tanstack/react-query';
import { gatewayClient } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import type { LibraryDocumentDto } from '../../lib/shared/prescriptions';

/** The document library changes rarely: an hour's copy is fresh enough, and it stays readable offline. */
const DOCUMENTS_STALE_MS = 60 * 60 * 1000;

/** Keys carry the country (logout drops a country's answers by `queryKey[1]`) and the viewer. */
export const documentQueries = {
  all: (country: CountryCode) => ['documents', country] as const,
  list: (country: CountryCode, viewer: string) =>
    queryOptions({
      queryKey: [...documentQueries.all(country), viewer, 'list'] as const,
      queryFn: ({ signal }) => gatewayClient.request<{ data: LibraryDocumentDto[] }>('/documents', { country, signal }),
      staleTime: DOCUMENTS_STALE_MS,
    }),
};

/**
 * Fetches the file with the session's token and hands it to the browser as a download under its own name: a plain
 * link would depend on the session cookie reaching the API's origin.
 */
export async function downloadDocument(country: CountryCode, document: LibraryDocumentDto): Promise<void> {
  const blob = await gatewayClient.request<Blob>(`/documents/${document.id}/file`, { country, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.fileName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
