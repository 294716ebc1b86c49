import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { adminSection } from '../sections';
import { AffiliatesPage } from './affiliates-page';

// Its own chunk: the prescription viewer and order formatting load only for the admins who open this section.
const HormoneOrdersPage = lazy(async () => ({ default: (await import('./hormone-orders-page')).HormoneOrdersPage }));
// Its own chunk too: the points forms and Radix Tabs and Dialog load only for the admins who open it.
const PointsConfigPage = lazy(async () => ({ default: (await import('./points-config-page')).PointsConfigPage }));

/** Resolves Spanish and English section paths to the same screen. */
export function AdminSectionRoute() {
  const { i18n } = useLingui();
  const section = adminSection(useParams().section);
  if (!section) {
    return (
      <section>
        <h1>
          <Trans>Sección no encontrada</Trans>
        </h1>
      </section>
    );
  }
  if (section.path === 'gestion-afiliados') return <AffiliatesPage />;
  if (section.path === 'autorizacion-hormonas') {
    return (
      <Suspense
        fallback={
          <p className="muted" role="status">
            <Trans>Cargando…</Trans>
          </p>
        }
      >
        <HormoneOrdersPage />
      </Suspense>
    );
  }
  if (section.path === 'configuracion-puntos') {
    return (
      <Suspense
        fallback={
          <p className="muted" role="status">
            <Trans>Cargando…</Trans>
          </p>
        }
      >
        <PointsConfigPage />
      </Suspense>
    );
  }
  return <ComingSoon title={i18n._(section.label)} />;
}
