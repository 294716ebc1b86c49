import { describe, expect, it } from 'vitest';
import { buildPatient } from '../../testing/handlers/prescriptions';
import {
  emptyPatientForm,
  isCalendarDate,
  isPatientComplete,
  patientChanges,
  patientFormFrom,
  validatePatientForm,
} from './patient-form';

describe('patient form', () => {
  it('marks the spec’s required fields with "Debes completar este campo"', async () => {
    const errors = await validatePatientForm(emptyPatientForm('co'));
    expect(errors).toEqual({
      first_name: 'Debes completar este campo',
      last_name: 'Debes completar este campo',
      birth_date: 'Debes completar este campo',
      email: 'Debes completar este campo',
      document_number: 'Debes completar este campo',
      phone_number: 'Debes completar este campo',
    });
  });

  it('refuses a date that does not exist', async () => {
    expect(isCalendarDate('2001-02-30')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    const values = { ...patientFormFrom(buildPatient()), birth_date: '2001-02-30' };
    expect((await validatePatientForm(values)).birth_date).toBe('La fecha de nacimiento no existe.');
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
