import { useLingui } from '@lingui/react/macro';
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setActiveCountry, switchCountryPath } from '../../lib/countries';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { CountryFlag } from './country-flag';

/** Product §2: the selector offers Colombia (co), México (mx) and Perú (pe). */
const SELECTOR_ORDER: CountryCode[] = ['co', 'mx', 'pe'];

interface CountryMenuProps {
  country: CountryCode;
  label: string;
  children: ReactNode;
}

export function CountryMenu({ country, label, children }: CountryMenuProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();

  function choose(next: CountryCode) {
    setActiveCountry(next);
    void navigate(`${switchCountryPath(location.pathname, next)}${location.search}`);
  }

  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger className="icon-button country-button" aria-label={label}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu__label">{t`Elige tu país`}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={country} onValueChange={(value) => choose(value as CountryCode)}>
            {SELECTOR_ORDER.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className="menu__item">
                <CountryFlag country={code} /> {COUNTRIES[code].name}
                <DropdownMenu.ItemIndicator className="menu__check" aria-hidden="true">
                  ✓
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
