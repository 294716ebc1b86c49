import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { pointsQueries, type PointsItemKind } from '../../points/api';
import { pointsFailure } from '../../points/points-messages';
import { PointsConfigForm } from './points-config-form';
import { AdminPage } from './admin-page';
import { PointsConfigItems } from './points-config-items';

/**
 * Admin `configuracion-puntos` (`points-configuration`): each country's point value and reward percentages, and the
 * events, combos and point products professionals redeem.
 */
export function PointsConfigPage() {
  const { t } = useLingui();
  const country = useCountry();
  const configs = useQuery(pointsQueries.config(country));
  const failure = configs.isError ? pointsFailure(configs.error, 'config') : null;
  const tabs: [PointsItemKind, ReactNode][] = [
    ['event', <Trans>Eventos</Trans>],
    ['combo', <Trans>Combos</Trans>],
    ['product', <Trans>Productos de puntos</Trans>],
  ];

  return (
    <AdminPage className="points-admin" title={<Trans>Configuración de puntos</Trans>}>
      <section className="stack" aria-labelledby="points-admin-values">
        <h2 id="points-admin-values">
          <Trans>Valor del punto y recompensas por país</Trans>
        </h2>
        <p className="muted">
          <Trans>
            El valor del punto convierte puntos en dinero del país; los porcentajes dicen cuántos puntos gana un
            profesional por sus compras y por las de sus pacientes.
          </Trans>
        </p>
        {configs.isPending && (
          <p className="muted" role="status">
            <Trans>Cargando configuración…</Trans>
          </p>
        )}
        {failure && (
          <RetryAlert
            message={
              <>
                <p>{failure.message}</p>
                {failure.detail && <p>{failure.detail}</p>}
              </>
            }
            retrying={configs.isFetching}
            onRetry={() => void configs.refetch()}
          />
        )}
        {configs.data && (
          <div className="points-config__grid">
            {COUNTRY_CODES.map((code) => {
              // Exactly this country's config: the country-1 fallback of product §9 would show Colombian pesos as cents.
              const config = configs.data.find((entry) => entry.countryId === COUNTRIES[code].countryId);
              return <PointsConfigForm key={code} country={country} target={code} config={config} />;
            })}
          </div>
        )}
      </section>
      <section className="stack" aria-labelledby="points-admin-items">
        <h2 id="points-admin-items">
          <Trans>Eventos, combos y productos de puntos</Trans>
        </h2>
        <Tabs.Root defaultValue="event" className="points-tabs">
          <Tabs.List className="points-tabs__list" aria-label={t`Catálogo de puntos`}>
            {tabs.map(([kind, label]) => (
              <Tabs.Trigger key={kind} value={kind} className="points-tabs__tab">
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map(([kind]) => (
            <Tabs.Content key={kind} value={kind} className="points-tabs__panel">
              <PointsConfigItems country={country} kind={kind} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </AdminPage>
  );
}
