import type { FormFieldDto } from '../../../src/lib/shared/accounts';
import { validateForm, type FormValues } from '../../../src/lib/shared/form-validation';
import { FieldProblems, INVALID_FORM_MESSAGE } from '../http/body';

/** Longest text any field of these forms may carry before its own rules look at it. */
const FIELD_MAX_LENGTH = 5000;

interface FormReadOptions {
  /** Applied before the rules (for instance documents without dots, phones digits only). */
  normalize?: Partial<Record<string, (value: string) => string>>;
  /** The form's required-field message: the 400's `message` when every problem is a missing field. */
  requiredMessage: string;
}

/**
 * Reads a form shared with the storefront (`FormFieldDto[]`) from a JSON body and checks it with the same
 * `validateForm` the storefront runs as the user types, so both sides refuse the same values with the same words.
 * Answers the trimmed, normalised strings of the fields read (undefined for empty ones); throws one 400 with
 * `fieldErrors` otherwise.
 */
export async function readFormValues(
  body: Record<string, unknown>,
  fields: readonly FormFieldDto[],
  options: FormReadOptions,
): Promise<Record<string, string | undefined>> {
  const problems = new FieldProblems(Object.fromEntries(fields.map((field) => [field.name, field.label])));
  const values: FormValues = {};
  for (const field of fields) {
    const text = problems.text(body, field.name, { maxLength: FIELD_MAX_LENGTH });
    const normalize = options.normalize?.[field.name];
    values[field.name] = text === undefined || !normalize ? text : normalize(text) || undefined;
  }
  const errors = await validateForm({ fields: [...fields] }, values);
  for (const error of errors) problems.add(error.field, error.message);
  const onlyMissing = problems.fieldErrors.every((error) => error.message === options.requiredMessage);
  problems.assertNone(onlyMissing ? options.requiredMessage : INVALID_FORM_MESSAGE);
  return Object.fromEntries(fields.map((field) => [field.name, values[field.name] as string | undefined]));
}
