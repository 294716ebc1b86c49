import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { pointsQueries } from '../../points/api';
import { pointsFailure } from '../../points/points-messages';
import { PointsConfigForm } from './points-config-form';
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

  return (
    <section className="stack points-admin" aria-labelledby="points-admin-title">
      <h1 id="points-admin-title">
        <Trans>Configuración de puntos</Trans>
      </h1>
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
          <div className="alert" role="alert">
            <p>{failure.message}</p>
            {failure.detail && <p>{failure.detail}</p>}
            <button
              type="button"
              className="button button--secondary"
              disabled={configs.isFetching}
              onClick={() => void configs.refetch()}
            >
              <Trans>Reintentar</Trans>
            </button>
          </div>
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
            <Tabs.Trigger value="event" className="points-tabs__tab">
              <Trans>Eventos</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="combo" className="points-tabs__tab">
              <Trans>Combos</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="product" className="points-tabs__tab">
              <Trans>Productos de puntos</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="event" className="points-tabs__panel">
            <PointsConfigItems country={country} kind="event" />
          </Tabs.Content>
          <Tabs.Content value="combo" className="points-tabs__panel">
            <PointsConfigItems country={country} kind="combo" />
          </Tabs.Content>
          <Tabs.Content value="product" className="points-tabs__panel">
            <PointsConfigItems country={country} kind="product" />
          </Tabs.Content>
        </Tabs.Root>
      </section>
    </section>
  );
}
