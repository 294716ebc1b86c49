import type { ReactNode } from 'react';

interface PatientOptionProps {
  selected: boolean;
  /** Shown but not choosable: the patient revoked their consent, and the server refuses their prescriptions. */
  disabled?: boolean;
  onSelect: () => void;
  children: ReactNode;
}

/** One patient to choose in a prescription's first step: a toggle that says whether it is the chosen one. */
export function PatientOption({ selected, disabled = false, onSelect, children }: PatientOptionProps) {
  return (
    <button
      type="button"
      className={selected ? 'patient-option patient-option--selected' : 'patient-option'}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
