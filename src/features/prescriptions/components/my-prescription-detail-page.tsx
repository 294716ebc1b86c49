import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDetailDto } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import { useViewerKey } from '../../../lib/session/use-viewer-key';
import { parsePositiveId, prescriptionQueries } from '../api';
import { momentsText, unitsText } from '../indications-text';
import {
  cartContextOf,
  purchasableLines,
  type AddPrescriptionToCart,
  type PrescriptionCartResult,
  type SkippedLine,
} from '../purchase';
import { PrescriptionView } from './prescription-view';
import { PrescriptionStates } from './query-states';
import { ToolImage } from './tool-image';
import { TitledSection } from '../../../components/ui/titled-section';

interface MyPrescriptionDetailPageProps {
  /** Puts the prescribed products in this country's cart as prescription lines; the app wires the cart. */
  onAddAllToCart: AddPrescriptionToCart;
  /** 'Ver bolsa' after adding (the app resets the checkout to its first step). */
  onViewBag: () => void;
}

/** `mi-cuenta/mis-prescripciones/:prescriptionId` (product §2): the detail, its products to buy, and the PDF. */
export function MyPrescriptionDetailPage({ onAddAllToCart, onViewBag }: MyPrescriptionDetailPageProps) {
  const country = useCountry();
  const viewer = useViewerKey();
  const id = parsePositiveId(useParams().prescriptionId);
  const query = useQuery({ ...prescriptionQueries.myDetail(country, viewer, id ?? 0), enabled: id !== null });
  const back = (
    <Link to={`/${country}/mi-cuenta/mis-prescripciones`} className="button button--ghost">
      <Trans>Volver</Trans>
    </Link>
  );
  return (
    <PrescriptionStates query={query} invalidId={id === null} back={back}>
      {(detail) => (
        <PrescriptionView prescription={detail} country={country} back={back}>
          <ProductsToBuy country={country} detail={detail} onAddAllToCart={onAddAllToCart} onViewBag={onViewBag} />
        </PrescriptionView>
      )}
    </PrescriptionStates>
  );
}

function ProductsToBuy({
  country,
  detail,
  onAddAllToCart,
  onViewBag,
}: MyPrescriptionDetailPageProps & { country: CountryCode; detail: PrescriptionDetailDto }) {
  const { t } = useLingui();
  const { lines, skipped } = purchasableLines(detail);
  const [result, setResult] = useState<(PrescriptionCartResult & { skipped: SkippedLine[] }) | null>(null);
  const problems = new Map(skipped.map((line) => [line.productId, line.reason]));

  function addAll() {
    setResult({ ...onAddAllToCart(lines, cartContextOf(detail)), skipped });
  }

  return (
    <TitledSection id="to-buy-title" title={<Trans>Productos para comprar</Trans>} className="card stack">
      <ul className="plain-list to-buy">
        {detail.products.map((line) => (
          <li key={line.productId} className="to-buy__item">
            <ToolImage url={line.product?.image ?? null} size={56} />
            <div>
              <p className="to-buy__name">{line.name}</p>
              <p className="muted">
                {unitsText(line.quantity)} · {momentsText(line.momentsDay, country)}
              </p>
              {problems.has(line.productId) && <p className="field__error">{problems.get(line.productId)}</p>}
            </div>
          </li>
        ))}
      </ul>
      <p className="muted">
        <Trans>Las cantidades son las indicadas por tu profesional y no se pueden cambiar en la bolsa.</Trans>
      </p>
      {detail.status === 'cancelled' && (
        <p className="notice" role="note">
          <Trans>Esta prescripción fue anulada por quien la emitió: ya no se puede comprar desde aquí.</Trans>
        </p>
      )}
      <div>
        <button type="button" className="button button--primary" disabled={lines.length === 0} onClick={addAll}>
          <Trans>Agregar todo a la bolsa</Trans>
        </button>
      </div>
      {result && (
        <div className="notice notice--success stack buy-all" role="status">
          {result.added.length > 0 ? (
            <p>
              {plural(result.added.length, {
                one: 'Agregamos # producto a tu bolsa.',
                other: 'Agregamos # productos a tu bolsa.',
              })}
            </p>
          ) : (
            <p>
              <Trans>Estos productos ya estaban en tu bolsa.</Trans>
            </p>
          )}
          {result.skipped.length > 0 && (
            <p>{t`No se agregaron: ${result.skipped.map((line) => `${line.name} (${line.reason})`).join(', ')}`}</p>
          )}
          <div>
            <Link to={`/${country}/bolsa`} className="button button--secondary" onClick={onViewBag}>
              <Trans>Ver bolsa</Trans>
            </Link>
          </div>
        </div>
      )}
    </TitledSection>
  );
}
