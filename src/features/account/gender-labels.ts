import { useLingui } from '@lingui/react/macro';
import { GENDERS } from '../../lib/shared/accounts';
import { GENDER_LABELS } from '../../lib/shared/gender-labels';

const isGender = (value: string): value is keyof typeof GENDER_LABELS => Object.hasOwn(GENDER_LABELS, value);

/** The genders' words, for the profile and the patients' records (forms and read-only lists alike). */
export function useGenderLabels() {
  const { i18n } = useLingui();
  return {
    /** The genders to choose from, in the order the server lists them. */
    choices: GENDERS.map((gender) => ({ value: gender, label: i18n._(GENDER_LABELS[gender]) })),
    /** A stored gender's words; an unknown value as it was stored, none as null. */
    textOf: (gender: string | null | undefined): string | null =>
      gender ? (isGender(gender) ? i18n._(GENDER_LABELS[gender]) : gender) : null,
  };
}
