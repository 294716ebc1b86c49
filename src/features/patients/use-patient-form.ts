import { useState } from 'react';
import { DOCUMENT_TYPES } from '../../lib/shared/accounts';
import { checkPatientForm, type PatientField, type PatientFormErrors, type PatientFormValues } from './patient-form';

/**
 * The patient form's values and messages: messages appear after the first attempt to save, then follow what the
 * professional types. `check` validates now and tells whether the form may be sent.
 */
export function usePatientForm(initial: () => PatientFormValues) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // The schema is synchronous: the messages follow the values in the same render.
  const errors: PatientFormErrors = submitted ? checkPatientForm(values) : {};

  function set(field: PatientField, value: string) {
    setValues((previous) => {
      const next = { ...previous, [field]: value };
      // The document types depend on the location: a Mexican INE is not a Colombian document.
      const type = DOCUMENT_TYPES.find((candidate) => String(candidate.id) === next.document_type_id);
      if (field === 'country_id' && type && type.countryId !== null && String(type.countryId) !== value) {
        next.document_type_id = '';
      }
      return next;
    });
  }

  function check(): boolean {
    setSubmitted(true);
    return Object.keys(checkPatientForm(values)).length === 0;
  }

  function reset(next: PatientFormValues) {
    setValues(next);
    setSubmitted(false);
  }

  return { values, errors, set, check, reset };
}
