import type { ReactNode } from 'react';

interface PatientOptionProps {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/** One patient to choose in a prescription's first step: a toggle that says whether it is the chosen one. */
export function PatientOption({ selected, onSelect, children }: PatientOptionProps) {
  return (
    <button
      type="button"
      className={selected ? 'patient-option patient-option--selected' : 'patient-option'}
      aria-pressed={selected}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
