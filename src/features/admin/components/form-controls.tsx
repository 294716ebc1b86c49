import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';

interface SubmitButtonProps {
  /** While the save runs the button says so and is inert, so a second tap does not send it twice. */
  pending: boolean;
  /** What the button says when idle. */
  children: ReactNode;
  className?: string;
}

/** An admin form's submit button. */
export function SubmitButton({ pending, children, className = 'button button--primary' }: SubmitButtonProps) {
  const { t } = useLingui();
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? t`Guardando…` : children}
    </button>
  );
}

/** One option a country, valued by its numeric id (what the admin API filters and stores by). */
export function CountryOptions() {
  return COUNTRY_CODES.map((code) => (
    <option key={code} value={COUNTRIES[code].countryId}>
      {COUNTRIES[code].name}
    </option>
  ));
}

/** The asterisk of a required field whose label is not a `Field`'s (a legend, a hand-made label). */
export function RequiredMark() {
  return (
    <span className="field__required" aria-hidden="true">
      {' *'}
    </span>
  );
}
