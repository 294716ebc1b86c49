import { describe, expect, it } from 'vitest';
import {
  accessChangeSchema,
  BIRTH_DATE_MESSAGE,
  DOCUMENT_TYPE_COUNTRY_MESSAGE,
  documentTypeFits,
  profileUpdateSchema,
} from './account-schemas';
import { EMAIL_PATTERN } from './email';
import { EMAIL_FORMAT_MESSAGE, PASSWORD_RULE_MESSAGE, passwordResetRequestSchema } from './passwords';
import { schemaProblems } from '../../testing/schema-problems';

describe('the one e-mail rule', () => {
  it('wants a domain and a top-level domain of two characters at least, and no spaces', () => {
    for (const email of ['ana@correo.co', 'a.b+c@sub.dominio.com.co'])
      expect(EMAIL_PATTERN.test(email), email).toBe(true);
    for (const email of ['ana@correo.c', 'ana@correo', 'ana correo@x.co', 'ana@@x.co', '@x.co']) {
      expect(EMAIL_PATTERN.test(email), email).toBe(false);
    }
  });

  it('is the reset’s, which keeps the address trimmed and in lower case', () => {
    expect(passwordResetRequestSchema.parse({ email: ' Ana@Correo.CO ' })).toEqual({ email: 'ana@correo.co' });
    expect(schemaProblems(passwordResetRequestSchema, { email: 'ana@correo.c' })).toEqual([
      ['email', EMAIL_FORMAT_MESSAGE],
    ]);
  });
});

describe('profileUpdateSchema', () => {
  it('changes the fields sent, empties the blank ones and leaves the others', () => {
    expect(
      profileUpdateSchema.parse({
        first_name: ' Ana ',
        gender: '',
        phone_number: '(300) 123-4567',
        specialty: null,
        document_type_id: '3',
        role: 'admin',
      }),
    ).toEqual({ first_name: 'Ana', gender: null, phone_number: '3001234567', specialty: null, document_type_id: 3 });
  });

  it('refuses impossible or future birth dates and unknown document types', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const birth_date of ['2023-02-30', '1899-12-31', tomorrow]) {
      expect(schemaProblems(profileUpdateSchema, { birth_date }), birth_date).toEqual([
        ['birth_date', BIRTH_DATE_MESSAGE],
      ]);
    }
    expect(schemaProblems(profileUpdateSchema, { document_type_id: 99 })).toEqual([
      ['document_type_id', DOCUMENT_TYPE_COUNTRY_MESSAGE],
    ]);
    // The passport is every country's; a DNI is Peru's.
    expect([documentTypeFits(3, 1), documentTypeFits(6, 1), documentTypeFits(6, 3)]).toEqual([true, false, true]);
  });
});

describe('accessChangeSchema', () => {
  it('reads a blank new e-mail or password as not given, and judges a new password by the rules', () => {
    expect(accessChangeSchema.parse({ currentPassword: 'Actual123', email: ' ', newPassword: '' })).toEqual({
      currentPassword: 'Actual123',
      email: undefined,
      newPassword: undefined,
    });
    expect(
      schemaProblems(accessChangeSchema, { currentPassword: 'Actual123', newPassword: 'solotexto', email: 'x@y' }),
    ).toEqual([
      ['email', EMAIL_FORMAT_MESSAGE],
      ['newPassword', PASSWORD_RULE_MESSAGE],
    ]);
  });
});
