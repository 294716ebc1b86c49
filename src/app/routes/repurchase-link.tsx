import { useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { useViewerKey } from '../../lib/session/use-viewer-key';
import { checkoutStepAtom } from '../../features/checkout/atoms';
import { parsePositiveId, prescriptionQueries } from '../../features/prescriptions/api';
import { cartContextOf, purchasableLines } from '../../features/prescriptions/purchase';
import { RepurchaseNotice, type RepurchaseOutcome } from '../../features/reminders/components/repurchase-notice';
import { errorMessage } from '../../lib/http';
import type { CountryCode } from '../../lib/shared/countries';
import { REPURCHASE_PARAM } from '../../lib/shared/reminders';
import { usePrescriptionCart } from './use-prescription-cart';

type Done = Extract<RepurchaseOutcome, { state: 'done' }>;

/**
 * `/{c}/bolsa?recompra={prescriptionId}`, where a re-purchase reminder leads: with the patient's session of the
 * country, the prescription's purchasable products go to the cart (as 'Agregar todo a la bolsa' does), the
 * parameter leaves the address (a reload adds nothing twice) and the bag says what was added and what was not.
 * Without a session: the login, and back here after it.
 */
function useRepurchaseLink(country: CountryCode): { loginTo: string | null; notice: ReactNode } {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const session = useSession(country);
  const viewer = useViewerKey();
  const addToCart = usePrescriptionCart(country);
  const setCheckoutStep = useSetAtom(checkoutStepAtom);
  const raw = params.get(REPURCHASE_PARAM);
  const id = raw === null ? null : parsePositiveId(raw);
  const isPatient = session?.user.role.name === 'patient';
  const query = useQuery({
    ...prescriptionQueries.myDetail(country, viewer, id ?? 0),
    enabled: id !== null && isPatient,
  });
  const [done, setDone] = useState<Done | null>(null);
  // React may run an effect twice for one link (strict mode): the products go in once.
  const handled = useRef<number | null>(null);
  const detail = query.data;

  useEffect(() => {
    if (id === null || !detail || handled.current === id) return;
    handled.current = id;
    const { lines, skipped } = purchasableLines(detail);
    const result = addToCart(lines, cartContextOf(detail));
    const nameOf = (productId: number) =>
      detail.products.find((line) => line.productId === productId)?.name ?? String(productId);
    setDone({
      state: 'done',
      recommendation: detail.type === 'recommendation',
      added: result.added.map(nameOf),
      unchanged: result.unchanged.map(nameOf),
      skipped: skipped.map(({ name, reason }) => ({ name, reason })),
    });
    setCheckoutStep(1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(REPURCHASE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, detail, addToCart, setCheckoutStep, setParams]);

  if (raw !== null && !session) {
    const back = encodeURIComponent(`${location.pathname}${location.search}`);
    return { loginTo: `/${country}/iniciar-sesion?volver=${back}`, notice: null };
  }
  let outcome: RepurchaseOutcome | null = done;
  if (!outcome && id !== null) {
    if (!isPatient) outcome = { state: 'not-patient' };
    else if (query.isError)
      outcome = {
        state: 'failed',
        message: errorMessage(query.error),
        retry: () => void query.refetch(),
        retrying: query.isFetching,
      };
    else outcome = { state: 'loading' };
  }
  return { loginTo: null, notice: outcome ? <RepurchaseNotice outcome={outcome} /> : null };
}

/**
 * The bag's part of a re-purchase link: its notice, or the way to the login. Loaded only for an address that carries
 * the parameter, so a bag opened any other way does not download the prescriptions' code.
 */
export function RepurchaseLink({ country }: { country: CountryCode }) {
  const repurchase = useRepurchaseLink(country);
  if (repurchase.loginTo) return <Navigate to={repurchase.loginTo} replace />;
  return repurchase.notice;
}
