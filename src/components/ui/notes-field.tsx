import type { ReactNode } from 'react';
import { Field } from './field';

interface NotesFieldProps {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  rows: number;
  maxLength?: number;
  required?: boolean;
  error?: string | undefined;
  help?: ReactNode;
}

/**
 * A labelled multi-line text with the text inputs' look (`input`: its height follows `rows`, where `TextAreaField`'s
 * `textarea` has a floor), for the notes of a form; wired like `TextField`.
 */
export function NotesField({
  label,
  value,
  onValueChange,
  rows,
  maxLength,
  required = false,
  error,
  help,
}: NotesFieldProps) {
  return (
    <Field label={label} required={required} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="input"
          rows={rows}
          maxLength={maxLength}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
