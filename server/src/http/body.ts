import type { FormErrorDto } from '../../../src/lib/shared/accounts';
import type { AppContext } from './auth';
import { HttpError } from './errors';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  INVALID_FORM_MESSAGE,
  INVALID_VALUE_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../../src/lib/shared/field-schemas';

export { INVALID_FORM_MESSAGE, REQUIRED_FIELD_MESSAGE };

/** The JSON object of a request body; an empty body is `{}`. */
export async function readJsonObject(c: AppContext): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'El cuerpo de la solicitud no es un JSON válido.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, 'El cuerpo de la solicitud debe ser un objeto JSON.');
  }
  return parsed as Record<string, unknown>;
}

export type MultipartBody = Record<string, string | File | (string | File)[]>;

/** A multipart (or url-encoded) form; any other body reads as an empty form. */
export async function readMultipart(c: AppContext): Promise<MultipartBody> {
  try {
    const body: MultipartBody = await c.req.parseBody({ all: true });
    return body;
  } catch {
    throw new HttpError(400, 'El formulario enviado no es válido.');
  }
}

/** Every value of a multipart field (`name` or `name[]`). */
export function multipartValues(body: MultipartBody, name: string): (string | File)[] {
  return [name, `${name}[]`].flatMap((key) => {
    const value = body[key];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  });
}

export function multipartText(body: MultipartBody, name: string): string | undefined {
  const value = multipartValues(body, name)[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The hand-written reading of routes not yet on a shared schema (`body:` of their options, issue #20), with the same
 * messages.
 *
 * Collects field problems and answers them in one 400: `message`, `errors` (readable lines) and `fieldErrors`
 * (`{ field, message }` for forms).
 */
export class FieldProblems {
  readonly fieldErrors: FormErrorDto[] = [];

  constructor(private readonly labels: Record<string, string> = {}) {}

  add(field: string, message: string): void {
    if (!this.fieldErrors.some((error) => error.field === field)) this.fieldErrors.push({ field, message });
  }

  has(field?: string): boolean {
    return field === undefined ? this.fieldErrors.length > 0 : this.fieldErrors.some((error) => error.field === field);
  }

  /** A trimmed string, or undefined after recording why not (missing, too long, control characters). */
  text(
    body: Record<string, unknown>,
    field: string,
    options: { required?: boolean; maxLength?: number; trim?: boolean } = {},
  ): string | undefined {
    const raw = body[field];
    if (raw === undefined || raw === null || raw === '') {
      if (options.required) this.add(field, REQUIRED_FIELD_MESSAGE);
      return undefined;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      this.add(field, INVALID_VALUE_MESSAGE);
      return undefined;
    }
    const value = options.trim === false ? String(raw) : String(raw).trim();
    if (value === '') {
      if (options.required) this.add(field, REQUIRED_FIELD_MESSAGE);
      return undefined;
    }
    if (options.maxLength !== undefined && value.length > options.maxLength) {
      this.add(field, maxLengthMessage(options.maxLength));
      return undefined;
    }
    if (hasControlCharacters(value)) {
      this.add(field, CONTROL_CHARACTERS_MESSAGE);
      return undefined;
    }
    return value;
  }

  /** Throws the 400 when anything was recorded; `message` defaults to the first problem's. */
  assertNone(message?: string): void {
    if (this.fieldErrors.length === 0) return;
    const allRequired = this.fieldErrors.every((error) => error.message === REQUIRED_FIELD_MESSAGE);
    throw new HttpError(
      400,
      message ?? (allRequired ? REQUIRED_FIELD_MESSAGE : INVALID_FORM_MESSAGE),
      this.fieldErrors.map((error) => `${this.labels[error.field] ?? error.field}: ${error.message}`),
      { body: { fieldErrors: this.fieldErrors } },
    );
  }
}
