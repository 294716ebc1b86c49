import type { ReactNode } from 'react';
import { Field } from './field';

/** One choice of a `ChoiceField`. */
export interface Choice {
  value: string | number;
  label: string;
}

interface ChoiceFieldProps {
  label: ReactNode;
  value: string | number;
  onValueChange: (value: string) => void;
  choices: readonly Choice[];
  /** The first, empty choice ('Selecciona'); none when a value is always chosen. */
  placeholder?: string;
  required?: boolean;
  error?: string | undefined;
  help?: ReactNode;
  /** The control's look: `input` (as tall as the text inputs beside it) unless told. */
  className?: string;
}

/** A labelled select over a list of choices, its error and help wired to it like `TextField`'s. */
export function ChoiceField({
  label,
  value,
  onValueChange,
  choices,
  placeholder,
  required = false,
  error,
  help,
  className = 'input',
}: ChoiceFieldProps) {
  return (
    <Field label={label} required={required} error={error} help={help}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className={className}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
