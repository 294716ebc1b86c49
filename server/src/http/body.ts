import type { Context } from 'hono';
import { Refusal } from '../refusal';

type MultipartBody = Record<string, string | File | (string | File)[]>;

/** A multipart (or url-encoded) form; any other body reads as an empty form. */
export async function readMultipart(c: Context): Promise<MultipartBody> {
  try {
    const body: MultipartBody = await c.req.parseBody({ all: true });
    return body;
  } catch {
    throw new Refusal(400, 'El formulario enviado no es válido.');
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

const LIST_SUFFIX = '[]';

/**
 * A form's fields by name, as a shared schema reads them: `name[]` is `name`; a field sent once is its value, one
 * sent more than once the list of its values (files included).
 */
export async function readForm(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  const fields = new Map<string, (string | File)[]>();
  for (const [key, value] of Object.entries(await readMultipart(c))) {
    const name = key.endsWith(LIST_SUFFIX) ? key.slice(0, -LIST_SUFFIX.length) : key;
    fields.set(name, [...(fields.get(name) ?? []), ...(Array.isArray(value) ? value : [value])]);
  }
  return Object.fromEntries(
    [...fields].map(([name, values]) => [name, values.length === 1 ? (values[0] as string | File) : values]),
  );
}
