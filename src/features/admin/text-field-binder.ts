/** The fields of a form that hold free text (any string: not a union of codes, not a flag). */
export type TextFields<T> = {
  [K in keyof T]-?: T[K] extends string ? (string extends T[K] ? K : never) : never;
}[keyof T];

/**
 * What a `TextField` (or `SelectField`, `TextAreaField`) takes from a form kept as one object: the field's value, its
 * error and how a change reaches the form. `field('code')` in place of three props that each name the field again.
 */
export function textFieldBinder<T>(
  values: T,
  errorOf: (field: TextFields<T>) => string | undefined,
  change: (field: TextFields<T>, value: string) => void,
) {
  return (field: TextFields<T>) => ({
    value: values[field] as string,
    error: errorOf(field),
    onValueChange: (value: string) => change(field, value),
  });
}
