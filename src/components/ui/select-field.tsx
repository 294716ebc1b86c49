import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field } from './field';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  help?: ReactNode;
  children: ReactNode;
}

/** A labelled select with the required asterisk, help and error wired to it, like `TextField`. */
export function SelectField({
  label,
  value,
  onValueChange,
  error,
  help,
  required,
  children,
  ...select
}: SelectFieldProps) {
  return (
    <Field label={label} required={required ?? false} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <select
          {...select}
          id={id}
          className="select"
          value={value}
          aria-invalid={invalid}
          aria-required={required}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
