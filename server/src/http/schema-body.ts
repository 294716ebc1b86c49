import type { z } from 'zod';
import { INVALID_FORM_MESSAGE } from './body';
import { HttpError } from './errors';

/** A JSON body checked by one of the shared zod schemas: a Spanish 400 with `fieldErrors`, never a 5xx. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'Campo obligatorio' : issue.message,
  }));
  throw new HttpError(
    400,
    INVALID_FORM_MESSAGE,
    fieldErrors.map((error) => error.message),
    { body: { fieldErrors } },
  );
}
