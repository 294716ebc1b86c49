/* eslint-disable lingui/no-unlocalized-strings -- test data: what the server would answer, not text of the app's. */
import type { LibraryDocumentDto } from '../../lib/shared/prescriptions';

/** The library's fasting guide for patients, as the server lists it. */
export const LIBRARY_GUIDE: LibraryDocumentDto = {
  id: 7,
  kind: 'patient-support',
  title: 'Guía de ayuno',
  description: 'Para entregar al paciente.',
  fileName: 'guia-ayuno.pdf',
  mime: 'application/pdf',
  size: 2048,
  url: '/api/documents/7/file',
  countryId: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
