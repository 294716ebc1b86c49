import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';
import { PasswordInput } from './password-input';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  help?: ReactNode;
}

/**
 * A labelled text input with the required asterisk, help and error wired to it for assistive technology.
 * `type="password"` brings the button that reveals it (product §5).
 */
export function TextField({ label, value, onValueChange, error, help, required, type, ...input }: TextFieldProps) {
  return (
    <Field label={label} required={required ?? false} error={error} help={help}>
      {({ id, describedBy, invalid }) => {
        const control = {
          ...input,
          id,
          value,
          'aria-invalid': invalid,
          'aria-required': required,
          'aria-describedby': describedBy,
          onChange: (event: { target: { value: string } }) => onValueChange(event.target.value),
        };
        return type === 'password' ? (
          <PasswordInput {...control} />
        ) : (
          <input {...control} type={type} className="input" />
        );
      }}
    </Field>
  );
}
