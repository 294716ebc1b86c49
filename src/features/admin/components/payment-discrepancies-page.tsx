import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../../components/ui/query-status';
import { formatCountryDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/http';
import { countryById } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { PAYMENT_STATUS_LABELS } from '../../orders/order-labels';
import { paymentDiscrepancyQueries, useRunPaymentReconciliation } from '../api';
import { AdminPage } from './admin-page';
import { DataTable } from './data-table';
import { ErrorAlert } from './outcome-messages';

/** What each kind of difference asks of the admin; the server's Spanish text stays for a kind this build does not know. */
const KIND_LABELS: Record<string, MessageDescriptor> = {
  approved_not_recorded: msg`El proveedor aprobó el pago y el pedido no figura pagado: revisa el pedido y, si corresponde, reembolsa.`,
  refunded_at_provider: msg`El proveedor reembolsó el pago y el pedido no figura reembolsado.`,
  amount_mismatch: msg`El monto o la moneda del proveedor no coinciden con los del pedido.`,
  missing_at_provider: msg`El pedido figura pagado pero el proveedor no tiene ese pago.`,
  status_mismatch: msg`El estado del pago no coincide con el del proveedor.`,
};

/**
 * Issue #22: the payments whose record at the provider (Mercado Pago) differs from the store's, found by the hourly
 * comparison or by 'Comparar ahora'. A report closes by itself once the two agree again.
 */
export function PaymentDiscrepanciesPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const list = useQuery(paymentDiscrepancyQueries.list(country));
  const compare = useRunPaymentReconciliation(country);
  const rows = list.data?.data;
  const label = (labels: Record<string, MessageDescriptor>, key: string, fallback: string) => {
    const descriptor = labels[key];
    return descriptor ? i18n._(descriptor) : fallback;
  };

  return (
    <AdminPage
      title={<Trans>Conciliación de pagos</Trans>}
      intro={
        <Trans>
          Cada hora la tienda compara los pagos de los últimos 7 días con los del proveedor de pagos que permite
          consultarlos (Mercado Pago) y anota aquí lo que no coincide. Los pagos de prueba (sandbox) no se comparan.
        </Trans>
      }
    >
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => compare.mutate()}
          disabled={compare.isPending}
        >
          {compare.isPending ? t`Comparando…` : t`Comparar ahora`}
        </button>
      </div>
      <div aria-live="polite">
        {compare.isSuccess && (
          <p className="notice notice--success" role="status">
            <Plural
              value={compare.data.data.open}
              one="Comparación terminada: # diferencia abierta."
              other="Comparación terminada: # diferencias abiertas."
            />
          </p>
        )}
        <ErrorAlert message={compare.isError ? errorMessage(compare.error) : null} />
      </div>
      <QueryStatus query={list} />
      {rows && rows.length === 0 && (
        <p className="empty-state">
          <Trans>No hay diferencias abiertas entre los pedidos y el proveedor de pagos.</Trans>
        </p>
      )}
      {rows && rows.length > 0 && (
        <DataTable
          caption={t`Diferencias con el proveedor de pagos`}
          columns={[t`Pedido`, t`País`, t`Pago en la tienda`, t`Pago en el proveedor`, t`Qué revisar`, t`Detectada`]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.orderNumber}</th>
              <td>{countryById(row.countryId)?.subdomain.toUpperCase() ?? row.countryId}</td>
              {/* The store's own payment state, named as on the order's page; the provider's as it names it. */}
              <td>{label(PAYMENT_STATUS_LABELS, row.ourStatus, row.ourStatus)}</td>
              <td>
                <code>{row.providerStatus}</code>
                {row.providerPaymentId && (
                  <span className="muted">
                    {' '}
                    <Trans>
                      ({row.provider} {row.providerPaymentId})
                    </Trans>
                  </span>
                )}
              </td>
              <td>{label(KIND_LABELS, row.kind, row.detail)}</td>
              <td>{formatCountryDate(row.foundAt, country, true)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AdminPage>
  );
}
