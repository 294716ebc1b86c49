import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, maxLengthMessage, REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import {
  LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH,
  LIBRARY_DOCUMENT_TITLE_MAX_LENGTH,
} from '../../lib/shared/prescriptions';
import {
  DOCUMENT_COUNTRY_MESSAGE,
  DOCUMENT_KIND_MESSAGE,
  newLibraryDocumentSchema,
} from '../../lib/shared/upload-schemas';
import { REJECTION_REASON_MAX_LENGTH } from '../../lib/shared/admin-schemas';
import { AFFILIATE_REJECTION_REASON_MAX_LENGTH } from '../../lib/shared/affiliate-schemas';
import { adminSchemaMessage } from './schema-messages';

const text = (descriptor: { message?: string; values?: Record<string, unknown> }) =>
  (descriptor.message ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor.values?.[name]));

describe('adminSchemaMessage', () => {
  it('has a catalogue entry, in the same words, for every message of the library document’s and the rejections’ schemas', () => {
    const messages = [
      REQUIRED_FIELD_MESSAGE,
      CONTROL_CHARACTERS_MESSAGE,
      DOCUMENT_KIND_MESSAGE,
      DOCUMENT_COUNTRY_MESSAGE,
      maxLengthMessage(LIBRARY_DOCUMENT_TITLE_MAX_LENGTH),
      maxLengthMessage(LIBRARY_DOCUMENT_DESCRIPTION_MAX_LENGTH),
      maxLengthMessage(REJECTION_REASON_MAX_LENGTH),
      maxLengthMessage(AFFILIATE_REJECTION_REASON_MAX_LENGTH),
    ];
    for (const message of messages) {
      const descriptor = adminSchemaMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      expect(text(descriptor), message).toBe(message);
    }
  });

  it('covers what the schema says of a form with every field wrong', () => {
    const issues =
      newLibraryDocumentSchema.safeParse({
        kind: 'otro',
        title: 'x'.repeat(LIBRARY_DOCUMENT_TITLE_MAX_LENGTH + 1),
        description: 'línea\u0007',
        countryId: '99',
      }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['kind', 'title', 'description', 'countryId', 'file']);
    for (const issue of issues) expect(adminSchemaMessage(issue.message).id, issue.message).not.toBe(issue.message);
  });
});
