import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import type { CountryCode } from '../../lib/shared/countries';
import { carryPointsItemsAtom } from './carry-points';

/**
 * Points lines follow the buyer from one country's cart to the next one's when the route's country changes. Called
 * where it stays mounted across the change (the country root), so it remembers the country left.
 */
export function usePointsFollowCountry(country: CountryCode): void {
  const carry = useSetAtom(carryPointsItemsAtom);
  const previous = useRef(country);
  useEffect(() => {
    const from = previous.current;
    if (from === country) return;
    previous.current = country;
    carry({ from, to: country });
  }, [country, carry]);
}
