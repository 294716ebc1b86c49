import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { Field } from './field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  help?: ReactNode;
}

/** A labelled multi-line text input, wired like `TextField`. */
export function TextAreaField({ label, value, onValueChange, error, help, required, ...area }: TextAreaFieldProps) {
  return (
    <Field label={label} required={required ?? false} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...area}
          id={id}
          className="textarea"
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
