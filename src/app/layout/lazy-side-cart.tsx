import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { sideCartOpenAtom } from '../../features/cart/atoms';
import type { CountryCode } from '../../lib/shared/countries';

const SideCart = lazy(async () => ({
  default: (await import('../../features/cart/components/side-cart')).SideCart,
}));

/** The drawer's code loads the first time it opens; until then nothing of it is on the page. */
export function LazySideCart({ country, onViewBag }: { country: CountryCode; onViewBag: () => void }) {
  const open = useAtomValue(sideCartOpenAtom);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SideCart country={country} onViewBag={onViewBag} />
    </Suspense>
  );
}
