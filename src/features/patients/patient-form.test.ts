import type { MessageDescriptor } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE } from '../../lib/shared/account-schemas';
import { EMAIL_MAX_LENGTH } from '../../lib/shared/email';
import { CONTROL_CHARACTERS_MESSAGE, INVALID_VALUE_MESSAGE, maxLengthMessage } from '../../lib/shared/field-schemas';
import * as patientSchemas from '../../lib/shared/patient-schemas';
import * as prescriptions from '../../lib/shared/prescriptions';
import { buildPatient } from '../../testing/handlers/prescriptions';
import {
  checkPatientForm,
  emptyPatientForm,
  isPatientComplete,
  patientChanges,
  patientFormFrom,
  patientSchemaMessage,
} from './patient-form';

/** The Spanish text of a descriptor, as the source catalogue shows it. */
function text(descriptor: MessageDescriptor | undefined): string {
  return (descriptor?.message ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor?.values?.[name]));
}

const texts = (errors: Record<string, MessageDescriptor | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, text(message)]));

describe('patient form', () => {
  it('marks the spec’s required fields with "Debes completar este campo"', () => {
    expect(texts(checkPatientForm(emptyPatientForm('co')))).toEqual({
      first_name: 'Debes completar este campo',
      last_name: 'Debes completar este campo',
      birth_date: 'Debes completar este campo',
      email: 'Debes completar este campo',
      document_number: 'Debes completar este campo',
      phone_number: 'Debes completar este campo',
    });
  });

  it('checks with the server’s schema: a date that does not exist, separators the server strips', () => {
    const values = { ...patientFormFrom(buildPatient()), birth_date: '2001-02-30' };
    expect(texts(checkPatientForm(values))).toEqual({ birth_date: 'La fecha de nacimiento no existe.' });
    const typed = { ...patientFormFrom(buildPatient()), phone_number: '310 555-0101', document_number: '52.345.671' };
    expect(checkPatientForm(typed)).toEqual({});
    expect(texts(checkPatientForm({ ...typed, first_name: 'x'.repeat(81) }))).toEqual({
      first_name: 'Máximo 80 caracteres.',
    });
  });

  it('has a catalogue entry, in the same words, for every message of the shared schema and the server’s refusals', () => {
    const messages = [
      // The form's messages of the schema module and the register's 409s (the date range's is a query's, not the
      // form's).
      ...Object.entries(patientSchemas)
        .filter(([name]) => name.endsWith('_MESSAGE') && name !== 'REVERSED_DATE_RANGE_MESSAGE')
        .map(([, message]) => message as string),
      prescriptions.PATIENT_REQUIRED_MESSAGE,
      prescriptions.EMAIL_FORMAT_MESSAGE,
      prescriptions.COUNTRY_CHOICE_MESSAGE,
      prescriptions.DIAL_CODE_CHOICE_MESSAGE,
      prescriptions.PHONE_DIGITS_MESSAGE,
      INVALID_VALUE_MESSAGE,
      CONTROL_CHARACTERS_MESSAGE,
      maxLengthMessage(prescriptions.NAME_MAX_LENGTH),
      maxLengthMessage(EMAIL_MAX_LENGTH),
      maxLengthMessage(5000),
      // An account outside the register already holds the e-mail or document.
      EMAIL_TAKEN_MESSAGE,
      DOCUMENT_TAKEN_MESSAGE,
    ];
    expect(messages.length).toBeGreaterThan(15);
    for (const message of messages) {
      const descriptor = patientSchemaMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      expect(text(descriptor), message).toBe(message);
    }
  });

  it('is complete only when every listed field is filled', () => {
    const values = patientFormFrom(buildPatient());
    expect(isPatientComplete(values)).toBe(true);
    expect(isPatientComplete({ ...values, gender: '' })).toBe(false);
    expect(isPatientComplete(emptyPatientForm('mx'))).toBe(false);
  });

  it('sends only what changed', () => {
    const before = patientFormFrom(buildPatient());
    expect(patientChanges(before, { ...before, phone_number: ' 3119998888 ', gender: '' })).toEqual({
      phone_number: '3119998888',
      gender: null,
    });
    expect(patientChanges(before, before)).toEqual({});
  });
});
