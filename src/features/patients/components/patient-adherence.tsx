import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { DataAge } from '../../../components/ui/data-age';
import { QueryStatus } from '../../../components/ui/query-status';
import { errorMessage } from '../../../lib/http';
import { adherenceState, type ProductAdherenceDto } from '../../../lib/shared/adherence';
import type { CountryCode } from '../../../lib/shared/countries';
import { useOnline } from '../../../lib/use-online';
import { formatDate, formatQuantity } from '../../../lib/prescription-format';
import { patientQueries, useRemindPatient } from '../api';
import { storeToday } from '../adherence-format';
import { AdherenceStatus } from './adherence-status';
import { TitledSection } from '../../../components/ui/titled-section';

interface PatientAdherenceProps {
  country: CountryCode;
  viewer: string;
  patientId: number;
}

/**
 * Issue #19: per product the viewer prescribed, the last purchase, what was bought, the days it covers and when it
 * runs out, with 'Recordar al paciente'. The states are counted from today on the device, so a copy read offline
 * days later still says how many days are left.
 */
export function PatientAdherence({ country, viewer, patientId }: PatientAdherenceProps) {
  const online = useOnline();
  const query = useQuery(patientQueries.adherence(country, viewer, patientId));
  const today = storeToday(country);
  const products = query.data?.products ?? [];

  return (
    <TitledSection
      id="adherence-title"
      title={<Trans>Adherencia al tratamiento</Trans>}
      className="card stack adherence"
    >
      <QueryStatus query={query} loading={<Trans>Cargando adherencia…</Trans>} />
      {query.data && (!online || query.isError) && <DataAge updatedAt={query.dataUpdatedAt} />}
      {query.data && products.length === 0 && (
        <p className="empty-state">
          <Trans>No le has prescrito ni recomendado productos a este paciente.</Trans>
        </p>
      )}
      {products.length > 0 && (
        <ul className="adherence__list">
          {products.map((product) => (
            <li key={product.productId}>
              <ProductAdherence
                country={country}
                viewer={viewer}
                patientId={patientId}
                product={product}
                today={today}
                online={online}
              />
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

interface ProductAdherenceProps extends PatientAdherenceProps {
  product: ProductAdherenceDto;
  today: string;
  online: boolean;
}

function ProductAdherence({ country, viewer, patientId, product, today, online }: ProductAdherenceProps) {
  const { t } = useLingui();
  const reminder = useRemindPatient(country, viewer, patientId);
  const state = adherenceState(product, today);
  const titleId = `adherence-product-${product.productId}`;
  const units =
    product.unitsBought === null
      ? formatQuantity(product.containersBought, country)
      : `${formatQuantity(product.unitsBought, country)} ${product.unitSymbol ?? ''}`.trim();
  const rows: [string, string][] = [
    [t`Última compra`, product.lastPurchaseOn ? formatDate(product.lastPurchaseOn, country) : t`Nunca`],
    [t`Unidades compradas`, units],
    [t`Días cubiertos`, product.daysCovered === null ? '—' : formatQuantity(product.daysCovered, country)],
    [t`Se le acaba el`, product.runsOutOn ? formatDate(product.runsOutOn, country) : '—'],
  ];

  const pending = reminder.isPending;
  const sent = reminder.data;
  const again = sent ? formatDate(sent.remindAgainOn, country) : '';
  const outcome = reminder.error
    ? { ok: false, text: errorMessage(reminder.error) }
    : sent && {
        ok: true,
        text:
          sent.channel === 'push'
            ? t`Le enviamos el recordatorio al celular del paciente. Podrás enviarle otro a partir del ${again}.`
            : t`Le enviamos el recordatorio por correo al paciente. Podrás enviarle otro a partir del ${again}.`,
      };

  return (
    <article className="adherence__product stack" aria-labelledby={titleId}>
      <div className="adherence__head">
        <h3 id={titleId}>{product.name}</h3>
        <AdherenceStatus state={state} country={country} />
      </div>
      <dl className="data-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="adherence__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending || !online}
          aria-describedby={online ? undefined : `${titleId}-offline`}
          onClick={() => reminder.mutate(product.productId)}
        >
          {pending ? <Trans>Enviando…</Trans> : <Trans>Recordar al paciente</Trans>}
        </button>
        {!online && (
          <p id={`${titleId}-offline`} className="muted">
            <Trans>Necesitas conexión para enviar el recordatorio.</Trans>
          </p>
        )}
      </div>
      {outcome && (
        <p
          className={outcome.ok ? 'notice notice--success' : 'notice notice--error'}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </p>
      )}
    </article>
  );
}
