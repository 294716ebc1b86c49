import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler } from 'hono';
import type { FormErrorDto } from '../../../src/lib/shared/accounts';
import {
  INVALID_FORM_MESSAGE,
  INVALID_QUERY_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
} from '../../../src/lib/shared/field-schemas';
import { z } from '../../../src/lib/shared/zod';
import type { AppContext, AppEnv } from './app-env';
import { readForm } from './body';
import { Refusal } from '../refusal';

// zod's own messages in Spanish, for any check a shared schema left without one of its own: nothing in English
// reaches a client. Only the server sets it: the storefront's forms show their own (translated) texts.
z.config(z.locales.es());

export const JSON_CONTENT_TYPE_MESSAGE = 'Envía los datos como JSON (Content-Type: application/json).';
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The problems of a refused request, one per field (the first zod found), in the order of the schema: a missing or
 * null value of a required field is "Campo obligatorio" whatever its type.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FormErrorDto[] {
  const fieldErrors: FormErrorDto[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    const missing = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
    if (fieldErrors.some((error) => error.field === field)) continue;
    fieldErrors.push({ field, message: missing ? REQUIRED_FIELD_MESSAGE : issue.message });
  }
  return fieldErrors;
}

/**
 * The one answer to refused fields: `message`, `errors` (the fields' messages) and `fieldErrors`; 400 unless a
 * conflict with stored rows (409, a duplicate) says otherwise.
 */
export function refusedFields(
  fieldErrors: FormErrorDto[],
  { status = 400, message = INVALID_FORM_MESSAGE }: { status?: 400 | 409; message?: string } = {},
): Refusal {
  return new Refusal(
    status,
    message,
    fieldErrors.map((error) => error.message),
    { body: { fieldErrors } },
  );
}

/** A field that clashes with a stored row (a duplicate code or slug): 409 with its message. */
export const conflictingField = (field: string, message: string) =>
  refusedFields([{ field, message }], { status: 409, message });

/** The one answer to a refused body or query: 400 with every field's first problem. */
const invalidRequest = (issues: readonly z.core.$ZodIssue[], message = INVALID_FORM_MESSAGE): Refusal =>
  refusedFields(fieldErrorsOf(issues), { message });

// The issues keep the value they refused, so a missing value can be told from a wrong one. (The validator's option
// type is a conditional over the schema's type that a generic schema cannot meet: hence `never`.)
const reportingInput = {
  validationFunction: (schema: z.ZodType, value: unknown) => schema.safeParseAsync(value, { reportInput: true }),
} as never;

/** The JSON object of a request body; an empty body is `{}`. */
async function readJsonObject(c: AppContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Refusal(400, 'El cuerpo de la solicitud no es un JSON válido.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Refusal(400, 'El cuerpo de la solicitud debe ser un objeto JSON.');
  }
  return parsed as Record<string, unknown>;
}

/**
 * The body of a route that declares `body: schema`: a JSON object (an empty body is `{}`), refused in Spanish when it
 * is not JSON, not an object or not what the schema says. The handler reads the parsed value with
 * `c.req.valid('json')`.
 */
export function validatedJson<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  const validate = zValidator(
    'json',
    schema,
    (result) => {
      if (!result.success) throw invalidRequest(result.error.issues);
    },
    reportingInput,
  ) as unknown as MiddlewareHandler<AppEnv>;
  return async (c, next) => {
    const body = await readJsonObject(c);
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      // Hono's validator reads JSON only when the request says it is: a body sent as anything else would be dropped.
      if (Object.keys(body).length > 0) throw new Refusal(415, JSON_CONTENT_TYPE_MESSAGE);
    } else if (Object.keys(body).length === 0) {
      // An empty body is the empty object, as it always was (the validator would call it malformed JSON).
      // Hono's cache holds the body's promises, though its type names the values.
      c.req.bodyCache.text = Promise.resolve('{}') as unknown as string;
    }
    return validate(c, next);
  };
}

/** The query string of a route that declares `query: schema`; the handler reads it with `c.req.valid('query')`. */
export function validatedQuery<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { query: z.input<T> }; out: { query: z.output<T> } }> {
  return zValidator(
    'query',
    schema,
    (result) => {
      if (!result.success) throw invalidRequest(result.error.issues, INVALID_QUERY_MESSAGE);
    },
    reportingInput,
  ) as unknown as MiddlewareHandler<AppEnv, string, { in: { query: z.input<T> }; out: { query: z.output<T> } }>;
}

/** A form's fields (`readForm`) judged by a shared schema, refused like a JSON body. */
export async function parsedForm<T extends z.ZodType>(schema: T, form: unknown): Promise<z.output<T>> {
  const result = await schema.safeParseAsync(form, { reportInput: true });
  if (!result.success) throw invalidRequest(result.error.issues);
  return result.data;
}

/**
 * The multipart (or url-encoded) form of a route that declares `form: schema`, read by `readForm` and refused like a
 * JSON body. The handler reads the parsed value with `c.req.valid('form')`; what a file holds (its type by its first
 * bytes) is the route's to check.
 */
export function validatedForm<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { form: z.input<T> }; out: { form: z.output<T> } }> {
  return async (c, next) => {
    c.req.addValidatedData('form', (await parsedForm(schema, await readForm(c))) as Record<string, unknown>);
    await next();
  };
}
