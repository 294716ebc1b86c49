import { useLingui } from '@lingui/react/macro';
import { GENDERS } from '../../lib/shared/accounts';

type Gender = (typeof GENDERS)[number];

/** The genders' words, for the profile and the patients' records (forms and read-only lists alike). */
export function useGenderLabels() {
  const { t } = useLingui();
  const labels: Record<Gender, string> = {
    femenino: t`Femenino`,
    masculino: t`Masculino`,
    otro: t`Otro`,
    'prefiero-no-decir': t`Prefiero no decirlo`,
  };
  return {
    labels,
    /** The genders to choose from, in the order the server lists them. */
    choices: GENDERS.map((gender) => ({ value: gender, label: labels[gender] })),
    /** A stored gender's words; an unknown value as it was stored, none as null. */
    textOf: (gender: string | null | undefined): string | null =>
      gender ? (labels[gender as Gender] ?? gender) : null,
  };
}
