import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../testing/schema-problems';
import { CREDENTIAL_DOCUMENT_TYPES } from './accounts';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from './orders';
import {
  CONTACT_NUMBER_MESSAGE,
  credentialUploadSchema,
  CREDENTIAL_DOCUMENT_TYPE_MESSAGE,
  DIAL_CODE_MESSAGE,
  libraryDocumentChangesSchema,
  libraryQuerySchema,
  PRESCRIPTION_SINGLE_FILE_MESSAGE,
  TOO_MANY_FILES_MESSAGE,
} from './upload-schemas';

const pdf = (name = 'tarjeta.pdf') => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const CARD = { userId: 'u-1', documentType: CREDENTIAL_DOCUMENT_TYPES[0], contactNumber: '(300) 123-4567' };

describe('credentialUploadSchema', () => {
  it('reads a professional’s documents from `files`, `files[]` and `file`, the number without separators', () => {
    const parsed = credentialUploadSchema.parse({ ...CARD, files: [pdf('a.pdf'), 'texto'], file: pdf('b.pdf') });
    expect(parsed.files.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(parsed.contactNumber).toBe('3001234567');
  });

  it('asks a professional for a number and at least one file, at most five, of a known type', () => {
    expect(schemaProblems(credentialUploadSchema, { userId: 'u-1', documentType: 'carné' })).toEqual([
      ['files', 'Campo obligatorio'],
      ['documentType', CREDENTIAL_DOCUMENT_TYPE_MESSAGE],
      ['contactNumber', 'Campo obligatorio'],
    ]);
    const six = Array.from({ length: 6 }, (_, index) => pdf(`${index}.pdf`));
    expect(schemaProblems(credentialUploadSchema, { ...CARD, files: six })).toEqual([
      ['files', TOO_MANY_FILES_MESSAGE],
    ]);
    expect(
      schemaProblems(credentialUploadSchema, { ...CARD, files: pdf(), contactNumber: '12', countryCode: '57' }),
    ).toEqual([
      ['contactNumber', CONTACT_NUMBER_MESSAGE],
      ['countryCode', DIAL_CODE_MESSAGE],
    ]);
  });

  it('takes a hormone prescription without a number, as one file only', () => {
    const prescription = { userId: 'u-1', documentType: HORMONE_PRESCRIPTION_DOCUMENT_TYPE };
    expect(credentialUploadSchema.safeParse({ ...prescription, file: pdf() }).success).toBe(true);
    expect(schemaProblems(credentialUploadSchema, { ...prescription, files: [pdf('a.pdf'), pdf('b.pdf')] })).toEqual([
      ['files', PRESCRIPTION_SINGLE_FILE_MESSAGE],
    ]);
  });
});

describe('the library’s requests', () => {
  it('keeps a document’s file when an edit sends none, and lists one kind or all', () => {
    const parsed = libraryDocumentChangesSchema.parse({ kind: 'template', title: 'Guía', countryId: '' });
    expect(parsed).toEqual({ kind: 'template', title: 'Guía', description: '', countryId: null, file: undefined });
    expect(libraryQuerySchema.parse({})).toEqual({ kind: undefined });
    expect(schemaProblems(libraryQuerySchema, { kind: 'video' })?.[0]?.[0]).toBe('kind');
  });
});
