import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { CountryFlag } from './country-flag';
import { useLoadOnIntent } from './use-load-on-intent';

const loadCountryMenu = () => import('./country-menu');
const CountryMenu = lazy(async () => ({ default: (await loadCountryMenu()).CountryMenu }));

/**
 * The flag button. Radix's menu (with its positioning engine) loads on first intent, keeping it out of the
 * initial bundle; from then on the real menu renders, opened on the click that loaded it.
 */
export function CountrySelector({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const { wanted, triggerProps } = useLoadOnIntent(loadCountryMenu);
  const current = COUNTRIES[country];
  const code = country.toUpperCase();
  // The name starts with the visible code (WCAG 2.5.3, label in name), then says what the button does.
  const label = t`${code}, ${current.name}. Cambiar país`;
  const trigger = (
    <>
      <CountryFlag country={country} />
      <span className="country-button__code">{code}</span>
    </>
  );
  const placeholder = (
    <button
      type="button"
      className="icon-button country-button"
      aria-label={label}
      aria-haspopup="menu"
      {...triggerProps}
    >
      {trigger}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CountryMenu country={country} label={label}>
        {trigger}
      </CountryMenu>
    </Suspense>
  );
}
