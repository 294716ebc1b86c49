import type { InputHTMLAttributes, ReactNode } from 'react';

interface CheckboxChoiceProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange'> {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A checkbox with its label beside it; the rest of the props (name, aria-*) go to the box. */
export function CheckboxChoice({ label, checked, onCheckedChange, ...input }: CheckboxChoiceProps) {
  return (
    <label className="choice">
      <input {...input} type="checkbox" checked={checked} onChange={(event) => onCheckedChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
