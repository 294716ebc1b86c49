// The zod entries of the forms defined as `FormFieldDto[]` (issue #20). Their rules stay data run by one engine on
// both sides (`validateForm`): the storefront renders and checks them as the user types. A form whose fields are
// known when the code is built (the medical request's) is a zod schema built from its definition; the registration
// and login forms are built per request (their key, the country) and checked against the database, so the server's
// engine (`server/src/forms/engine.ts`) reads them, and their schema is the body's: a JSON object of values.
import type { FormFieldDto } from './accounts';
import { isMissing, optionalText } from './field-schemas';
import { validateForm, type FormValues } from './form-validation';
import { normalizeEmail } from './identifiers';
import { phoneDigits } from './phone-digits';
import { MEDICAL_REQUEST_FORM_FIELDS, MEDICAL_REQUEST_TOPIC_MESSAGE, MEDICAL_REQUEST_TOPICS } from './prescriptions';
import { z } from './zod';

/** Longest text any field of these forms may carry before its own rules look at it. */
const FIELD_MAX_LENGTH = 5000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `POST /auth/dynamic/login|register/{key}`: the values of the form, by field name, for its engine to read. */
export const formValuesSchema = z.record(z.string(), z.unknown());

/** `POST /forms/{idOrKey}/validate`: the values as they are, or wrapped in `values`. */
export const formCheckSchema = formValuesSchema.transform((body) => (isObject(body.values) ? body.values : body));

/** `POST /auth/logout`: a token to revoke may come in the body too; anything else there is ignored. */
export const logoutBodySchema = z.object({ token: z.string().optional().catch(undefined) }).catch({});

type Normalizers = Partial<Record<string, (value: string) => string>>;

/**
 * A form known when the code is built as a zod schema: each field a trimmed text (blank is not given, at most 5000
 * characters, no control characters), normalised, then the form's own rules by the same `validateForm` the storefront
 * runs as the user types, so both sides refuse the same values with the same words.
 */
function definedFormSchema(fields: readonly FormFieldDto[], normalize: Normalizers) {
  const text = (field: FormFieldDto) =>
    optionalText(FIELD_MAX_LENGTH).transform((value) => {
      const normalized = value === undefined ? undefined : (normalize[field.name]?.(value) ?? value);
      return normalized || undefined;
    });
  const shape = Object.fromEntries(fields.map((field) => [field.name, text(field)])) as Record<
    string,
    ReturnType<typeof text>
  >;
  return z.object(shape).superRefine(
    async (values: Record<string, unknown>, ctx) => {
      // A field refused while read counts as empty here; its own problem is the one reported.
      const read: FormValues = Object.fromEntries(
        fields.map((field) => [field.name, typeof values[field.name] === 'string' ? values[field.name] : undefined]),
      ) as FormValues;
      for (const error of await validateForm({ fields: [...fields] }, read)) {
        ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
      }
    },
    // Every problem at once: the rules run even when a value was refused while read.
    { when: () => true },
  );
}

/** `POST /medical-requests`: what the request is about ('attention' when absent) and the form's fields. */
export const medicalRequestSchema = z.intersection(
  z.object({
    topic: z.preprocess(
      (topic) => (isMissing(topic) ? 'attention' : topic),
      z.enum(MEDICAL_REQUEST_TOPICS, { error: MEDICAL_REQUEST_TOPIC_MESSAGE }),
    ),
  }),
  definedFormSchema(MEDICAL_REQUEST_FORM_FIELDS, { email: normalizeEmail, mobile_number: phoneDigits }),
);
