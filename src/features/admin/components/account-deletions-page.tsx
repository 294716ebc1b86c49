import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../../components/ui/query-status';
import { formatCountryDate } from '../../../lib/dates';
import { useCountry } from '../../../lib/use-country';
import { ROLE_LABELS } from '../../auth/role-labels';
import { accountDeletionQueries } from '../api';
import { AdminPage } from './admin-page';
import { DataTable } from './data-table';

/**
 * Accounts their owners deleted: when, which role and country, and what the store kept anonymised (orders for tax
 * law, prescriptions for health law). Nothing else is left to show.
 */
export function AccountDeletionsPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const list = useQuery(accountDeletionQueries.list(country));
  const rows = list.data?.data;
  return (
    <AdminPage
      title={<Trans>Cuentas eliminadas</Trans>}
      intro={
        <Trans>
          Cada persona puede eliminar su cuenta desde Mi cuenta › Datos personales. Sus datos personales se borran al
          instante; los pedidos y las prescripciones se conservan anonimizados porque la ley obliga a guardarlos.
        </Trans>
      }
    >
      <QueryStatus query={list} />
      {rows && rows.length === 0 && (
        <p className="empty-state">
          <Trans>Nadie ha eliminado su cuenta.</Trans>
        </p>
      )}
      {rows && rows.length > 0 && (
        <DataTable
          caption={t`Cuentas eliminadas`}
          columns={[
            t`Fecha`,
            t`Cuenta anonimizada`,
            t`Rol`,
            t`País`,
            t`Pedidos conservados`,
            t`Prescripciones conservadas`,
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatCountryDate(row.deletedAt, country, true)}</td>
              <th scope="row">
                <code>{row.uid}</code>
              </th>
              <td>{i18n._(ROLE_LABELS[row.role])}</td>
              <td>{row.country.toUpperCase()}</td>
              <td>{row.keptOrders}</td>
              <td>{row.keptPrescriptions}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </AdminPage>
  );
}
