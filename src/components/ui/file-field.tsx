import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field } from './field';

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'> {
  label: ReactNode;
  /** The files chosen (none when the choice was cancelled). */
  onFiles: (files: File[]) => void;
  /** Empties the box once its files are read, so that choosing the same file again is a change too. */
  resetAfterChoice?: boolean;
  error?: string | undefined;
  help?: ReactNode;
}

/** A labelled file input with the required asterisk, help and error wired to it, like `TextField`. */
export function FileField({
  label,
  onFiles,
  resetAfterChoice = false,
  error,
  help,
  required = false,
  ...input
}: FileFieldProps) {
  return (
    <Field label={label} required={required} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          type="file"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (resetAfterChoice) event.target.value = '';
            onFiles(files);
          }}
        />
      )}
    </Field>
  );
}
