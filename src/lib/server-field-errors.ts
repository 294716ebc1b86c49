// What a refusal says about each field of a form, for any feature's form: the server's `fieldErrors` (or, from
// routes not yet on a shared schema, its `Etiqueta: mensaje` lines) placed at the form's own fields.
import { ApiError } from './http';

/**
 * The server's field problems, by field: its `fieldErrors` (which `ApiError` carries), else its readable lines
 * (`Etiqueta: mensaje`), matched to a field by the field's wire name or by the label the server gives it (`labels`).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  labels: Readonly<Record<F, readonly string[]>>,
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  const fields = Object.keys(labels) as F[];
  const fieldOf = (name: string) =>
    fields.find((field) => field === name || labels[field].some((label) => label.toLowerCase() === name.toLowerCase()));
  const pairs: [string, string][] =
    error.fieldErrors.length > 0
      ? error.fieldErrors.map((entry): [string, string] => [entry.field, entry.message])
      : error.errors.flatMap((line): [string, string][] => {
          const separator = line.indexOf(': ');
          return separator > 0 ? [[line.slice(0, separator), line.slice(separator + 2)]] : [];
        });
  for (const [name, message] of pairs) {
    const field = fieldOf(name);
    if (field && found[field] === undefined) found[field] = message;
  }
  return found;
}
