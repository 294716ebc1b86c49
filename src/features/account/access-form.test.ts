import { describe, expect, it } from 'vitest';
import { maxLengthMessage, REQUIRED_FIELD_MESSAGE } from '../../lib/shared/field-schemas';
import * as passwords from '../../lib/shared/passwords';
import { accessProblems } from './access-form';
import { ACCOUNT_TEXT_BOUNDS, schemaMessage } from './schema-messages';
import * as accountSchemas from '../../lib/shared/account-schemas';

const text = (descriptor: { message?: string; values?: Record<string, unknown> } | undefined) =>
  (descriptor?.message ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor?.values?.[name]));

const VALUES = { email: 'ana@correo.co', currentPassword: 'Actual123', newPassword: '', confirmation: '' };

describe('accessProblems', () => {
  it('passes an e-mail change or a strong new password', () => {
    expect(accessProblems(VALUES)).toEqual({});
    expect(accessProblems({ ...VALUES, newPassword: 'Ñandú2026', confirmation: 'Ñandú2026' })).toEqual({});
  });

  it('refuses what the server would, with its password rule, and a confirmation that differs', () => {
    const problems = accessProblems({
      email: 'ana@correo',
      currentPassword: '',
      newPassword: 'solotexto',
      confirmation: 'otra',
    });
    expect(Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, text(message)]))).toEqual({
      email: passwords.EMAIL_FORMAT_MESSAGE,
      currentPassword: REQUIRED_FIELD_MESSAGE,
      newPassword: passwords.PASSWORD_RULE_MESSAGE,
      confirmation: 'Las contraseñas no coinciden.',
    });
    expect(text(accessProblems({ ...VALUES, email: ' ' }).email)).toBe(REQUIRED_FIELD_MESSAGE);
  });
});

describe('schemaMessage', () => {
  it('has a catalogue entry, in the same words, for every message of the account’s schemas', () => {
    const messages = [
      REQUIRED_FIELD_MESSAGE,
      'Valor no válido.',
      'Contiene caracteres no válidos.',
      passwords.EMAIL_FORMAT_MESSAGE,
      passwords.PASSWORD_RULE_MESSAGE,
      passwords.PASSWORD_TOO_LONG_MESSAGE,
      ...Object.entries(accountSchemas)
        .filter(
          ([name]) => name.endsWith('_MESSAGE') && !name.startsWith('DOCUMENT_TYPE') && !name.startsWith('NOTHING'),
        )
        .map(([, message]) => message as string),
      ...ACCOUNT_TEXT_BOUNDS.map(maxLengthMessage),
    ];
    for (const message of messages) {
      const descriptor = schemaMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      expect(text(descriptor), message).toBe(message);
    }
  });
});
