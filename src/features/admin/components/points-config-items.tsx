import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { pointsAdminQueries, useSavePointsItem } from '../../points/admin-api';
import type { PointsItemKind } from '../../points/api';
import { formatDeviceDateTime } from '../../points/points-format';
import { toPointsItem, type PointsItem } from '../../points/points-items';
import { failureOf, pointsFailure, type PointsFailure, type PointsStoreError } from '../../points/points-messages';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { ActivationRowButton, DataTable, EditRowButton, RowActions } from './data-table';
import { DetailedErrorAlert, SuccessNotice } from './outcome-messages';
import { PointsConfigItemDialog } from './points-config-item-dialog';

const LOAD_ERRORS: Record<PointsItemKind, PointsStoreError> = { event: 'events', combo: 'combos', product: 'products' };

/** The dialog open: a creation (no item) or an edit. */
type Editing = { item: PointsItem | undefined } | null;

/** Every event, combo or point product (active or not, every country), with create, edit and (de)activate. */
export function PointsConfigItems({ country, kind }: { country: CountryCode; kind: PointsItemKind }) {
  const { t } = useLingui();
  const activation = useSavePointsItem(country, kind);
  const list = useQuery(pointsAdminQueries.items(country, kind));
  const [editing, setEditing] = useState<Editing>(null);
  const busy = activation.isPending ? activation.variables.id : null;
  const failure: PointsFailure | null = activation.error
    ? failureOf(activation.error, t`No se pudo cambiar el estado. Intenta de nuevo.`)
    : null;
  const [notice, setNotice] = useState<string | null>(null);
  const items = list.data?.map((dto) => toPointsItem(kind, dto)) ?? [];
  // An active event outside its period is not offered: the status says whether it is over or still to come.
  const [now] = useState(() => Date.now());

  const labels: Record<PointsItemKind, { create: string; empty: string; caption: string }> = {
    event: { create: t`Nuevo evento`, empty: t`Aún no hay eventos.`, caption: t`Eventos` },
    combo: { create: t`Nuevo combo`, empty: t`Aún no hay combos.`, caption: t`Combos` },
    product: {
      create: t`Nuevo producto de puntos`,
      empty: t`Aún no hay productos de puntos.`,
      caption: t`Productos de puntos`,
    },
  };

  async function setActive(item: PointsItem, isActive: boolean) {
    setNotice(null);
    // A failure is shown from `activation.error`.
    const stored = await activation.mutateAsync({ id: item.id, changes: { isActive } }).catch(() => null);
    if (!stored) return;
    const name = item.name;
    setNotice(isActive ? t`«${name}» está activo.` : t`«${name}» quedó inactivo: ya no se ofrece.`);
  }

  return (
    <div className="stack">
      <div>
        <button type="button" className="button button--primary" onClick={() => setEditing({ item: undefined })}>
          {labels[kind].create}
        </button>
      </div>
      <SuccessNotice message={notice} />
      <DetailedErrorAlert failure={failure} />
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando…</Trans>
        </p>
      )}
      {list.isError && (
        <RetryAlert
          message={pointsFailure(list.error, LOAD_ERRORS[kind]).message}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && items.length === 0 && <p className="empty-state">{labels[kind].empty}</p>}
      {items.length > 0 && (
        <DataTable
          wrapClassName="points-config__table-wrap"
          caption={labels[kind].caption}
          columns={[
            t`Nombre`,
            { label: t`Puntos`, className: 'points-numeric' },
            t`Países`,
            kind === 'event' && t`Vigencia`,
            t`Estado`,
            t`Acciones`,
          ]}
        >
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.name}</th>
              <td data-label={t`Puntos`} className="points-numeric">
                {formatPoints(item.points, country)}
              </td>
              <td data-label={t`Países`}>{item.countries.map((entry) => entry.name).join(', ')}</td>
              {kind === 'event' && (
                <td data-label={t`Vigencia`}>
                  {item.startDate && item.endDate
                    ? `${formatDeviceDateTime(item.startDate, country)} – ${formatDeviceDateTime(item.endDate, country)}`
                    : '—'}
                </td>
              )}
              <td data-label={t`Estado`}>
                {item.deletedAt ? (
                  <span className="status status--rejected">{t`Eliminado`}</span>
                ) : !item.isActive ? (
                  <span className="status">{t`Inactivo`}</span>
                ) : item.endDate && Date.parse(item.endDate) < now ? (
                  <span className="status">{t`Terminado`}</span>
                ) : item.startDate && Date.parse(item.startDate) > now ? (
                  <span className="status status--pending">{t`Programado`}</span>
                ) : (
                  <span className="status status--approved">{t`Activo`}</span>
                )}
              </td>
              <RowActions className="points-config__actions">
                <EditRowButton name={item.name} disabled={busy === item.id} onClick={() => setEditing({ item })} />
                {!item.deletedAt && (
                  <ActivationRowButton
                    name={item.name}
                    active={item.isActive}
                    disabled={busy === item.id}
                    onClick={() => void setActive(item, !item.isActive)}
                  />
                )}
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
      {editing && (
        <PointsConfigItemDialog
          country={country}
          kind={kind}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            activation.reset();
            setNotice(editing.item ? t`Cambios de «${name}» guardados.` : t`«${name}» creado.`);
          }}
        />
      )}
    </div>
  );
}
