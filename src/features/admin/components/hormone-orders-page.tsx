import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import type { OrderDto } from '../../../lib/shared/orders';
import { useCountry } from '../../../lib/use-country';
import {
  HORMONE_ORDER_FILTER_STATUSES,
  hormoneOrderQueries,
  useDecideHormoneOrder,
  type HormoneOrderDecision,
  type HormoneOrderFilters,
  type HormoneOrderFilterStatus,
} from '../api';
import { HormoneOrderCard } from './hormone-order-card';
import { FilterDisclosure } from '../../../components/ui/filter-disclosure';
import { QueryStatus } from '../../../components/ui/query-status';
import { AdminPage } from './admin-page';
import { CountryOptions } from './form-controls';
import { SuccessNotice } from './outcome-messages';

/**
 * Admin `autorizacion-hormonas` (`hormones-auth`): paid hormone orders wait here until an admin checks the signed
 * prescription and releases them for dispatch or rejects them (the order is cancelled and its payment voided).
 */
export function HormoneOrdersPage() {
  const { t } = useLingui();
  const country = useCountry();
  const decision = useDecideHormoneOrder(country);
  const [filters, setFilters] = useState<HormoneOrderFilters>({ status: 'pending_prescription', countryId: null });
  const list = useQuery(hormoneOrderQueries.list(country, filters));
  const busy = decision.isPending ? decision.variables.orderId : null;
  const [failures, setFailures] = useState<Record<number, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const tabLabels: Record<HormoneOrderFilterStatus, string> = {
    pending_prescription: t`Pendientes`,
    released: t`Liberados`,
    cancelled: t`Cancelados`,
  };
  const emptyMessages: Record<HormoneOrderFilterStatus, string> = {
    pending_prescription: t`No hay pedidos con fórmula pendiente de validación`,
    released: t`No hay pedidos liberados con estos filtros.`,
    cancelled: t`No hay pedidos cancelados con estos filtros.`,
  };

  // Each order keeps its own failure until it is tried again, whatever happens to the others: a map, not the
  // mutation's one error.
  async function act(order: OrderDto, change: HormoneOrderDecision, success: string): Promise<boolean> {
    setDone(null);
    setFailures(({ [order.id]: _previous, ...rest }) => rest);
    try {
      await decision.mutateAsync(change);
      setDone(success);
      return true;
    } catch (error) {
      setFailures((current) => ({ ...current, [order.id]: errorMessage(error) }));
      return false;
    }
  }

  function approve(order: OrderDto) {
    const number = order.number;
    return act(order, { orderId: order.id, approve: true }, t`El pedido ${number} quedó liberado para despacho.`);
  }

  function reject(order: OrderDto, reason: string) {
    const number = order.number;
    return act(order, { orderId: order.id, approve: false, reason }, t`El pedido ${number} fue cancelado.`);
  }

  return (
    <AdminPage
      title={<Trans>Autorización de hormonas</Trans>}
      intro={
        <Trans>
          Revisa la fórmula firmada de cada pedido con hormonas. Al aprobarla, el pedido se libera para despacho; al
          rechazarla, se cancela y se anula el pago.
        </Trans>
      }
    >
      <FilterDisclosure activeCount={1 + (filters.countryId === null ? 0 : 1)}>
        <div className="filters">
          <div className="hormone-tabs" role="group" aria-label={t`Estado de la fórmula`}>
            {HORMONE_ORDER_FILTER_STATUSES.map((status) => (
              <button
                key={status}
                type="button"
                className="filter-option hormone-tabs__option"
                aria-pressed={filters.status === status}
                onClick={() => {
                  setDone(null);
                  setFilters({ ...filters, status });
                }}
              >
                {tabLabels[status]}
              </button>
            ))}
          </div>
          <label className="field">
            <span className="field__label">{t`País`}</span>
            <select
              className="select"
              value={filters.countryId ?? ''}
              onChange={(event) =>
                setFilters({ ...filters, countryId: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">{t`Todos`}</option>
              <CountryOptions />
            </select>
          </label>
        </div>
      </FilterDisclosure>
      <SuccessNotice message={done} />
      <QueryStatus query={list} loading={<Trans>Cargando pedidos…</Trans>} />
      {list.data && list.data.data.length === 0 && <p className="empty-state">{emptyMessages[filters.status]}</p>}
      {list.data?.data.map((order) => (
        <HormoneOrderCard
          key={order.id}
          order={order}
          busy={busy === order.id}
          failure={failures[order.id] ?? null}
          onApprove={() => void approve(order)}
          onReject={(reason) => reject(order, reason)}
        />
      ))}
    </AdminPage>
  );
}
