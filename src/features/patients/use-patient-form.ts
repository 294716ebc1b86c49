import { useState } from 'react';
import { flushSync } from 'react-dom';
import { DOCUMENT_TYPES } from '../../lib/shared/accounts';
import { PATIENT_COMPLETE_FIELDS } from '../../lib/shared/prescriptions';
import { serverFieldErrors } from '../../lib/server-field-errors';
import {
  checkPatientForm,
  patientSchemaMessage,
  type PatientField,
  type PatientFormErrors,
  type PatientFormValues,
} from './patient-form';

/** The server names the fields by their wire names, which are the form's own: no labels to match. */
const SERVER_FIELDS = Object.fromEntries(
  PATIENT_COMPLETE_FIELDS.map((field): [PatientField, readonly string[]] => [field, []]),
) as Record<PatientField, readonly string[]>;

/**
 * The patient form's values and messages: messages appear after the first attempt to save, then follow what the
 * professional types. `check` validates now and tells whether the form may be sent; `refuse` places the server's
 * refusals (a 400's or a 409's `fieldErrors`) at their fields, each until that field is edited.
 */
export function usePatientForm(initial: () => PatientFormValues) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<Partial<Record<PatientField, string>>>({});
  // The schema is synchronous: the messages follow the values in the same render. A field's own problem comes first:
  // it is about what is typed now.
  const errors: PatientFormErrors = {
    ...Object.fromEntries(Object.entries(refused).map(([field, message]) => [field, patientSchemaMessage(message)])),
    ...(submitted ? checkPatientForm(values) : {}),
  };

  function set(field: PatientField, value: string) {
    setRefused(({ [field]: _edited, ...others }) => others);
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

  /**
   * The server refused the form: its field problems replace the earlier ones, rendered at once so that the caller can
   * move the focus to the first (`focusFirstInvalid`); tells whether any field has one.
   */
  function refuse(error: unknown): boolean {
    const found = serverFieldErrors(error, SERVER_FIELDS);
    flushSync(() => setRefused(found));
    return Object.keys(found).length > 0;
  }

  function reset(next: PatientFormValues) {
    setValues(next);
    setSubmitted(false);
    setRefused({});
  }

  return { values, errors, set, check, refuse, reset };
}
