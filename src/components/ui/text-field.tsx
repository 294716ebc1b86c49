import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  help?: ReactNode;
}

/** A labelled text input with the required asterisk, help and error wired to it for assistive technology. */
export function TextField({ label, value, onValueChange, error, help, required, ...input }: TextFieldProps) {
  return (
    <Field label={label} required={required ?? false} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          className="input"
          value={value}
          aria-invalid={invalid}
          aria-required={required}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
