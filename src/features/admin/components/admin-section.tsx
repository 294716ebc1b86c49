import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { adminSection } from '../sections';
import { AffiliatesPage } from './affiliates-page';

// Each section but the first is its own chunk: the prescription viewer, the points forms, the product editor and the
// upload forms load only for the admins who open them.
const HormoneOrdersPage = lazy(async () => ({ default: (await import('./hormone-orders-page')).HormoneOrdersPage }));
const PointsConfigPage = lazy(async () => ({ default: (await import('./points-config-page')).PointsConfigPage }));
const ProductsPage = lazy(async () => ({ default: (await import('./products-page')).ProductsPage }));
const LibraryPage = lazy(async () => ({ default: (await import('./library-page')).LibraryPage }));
const PrescriptionSettingsPage = lazy(async () => ({
  default: (await import('./prescription-settings-page')).PrescriptionSettingsPage,
}));
const PromoCodesPage = lazy(async () => ({ default: (await import('./promo-codes-page')).PromoCodesPage }));
const MedicalRequestsPage = lazy(async () => ({
  default: (await import('./medical-requests-page')).MedicalRequestsPage,
}));

const ContactSettingsPage = lazy(async () => ({
  default: (await import('./contact-settings-page')).ContactSettingsPage,
}));
const SentEmailsPage = lazy(async () => ({ default: (await import('./sent-emails-page')).SentEmailsPage }));
const AccountDeletionsPage = lazy(async () => ({
  default: (await import('./account-deletions-page')).AccountDeletionsPage,
}));
const PaymentDiscrepanciesPage = lazy(async () => ({
  default: (await import('./payment-discrepancies-page')).PaymentDiscrepanciesPage,
}));

const SECTION_PAGES: Record<string, ReactNode> = {
  'gestion-afiliados': <AffiliatesPage />,
  'autorizacion-hormonas': <HormoneOrdersPage />,
  'configuracion-puntos': <PointsConfigPage />,
  'herramientas-funcionales': <ProductsPage />,
  'configuracion-prescripcion': <PrescriptionSettingsPage />,
  libreria: <LibraryPage />,
  'solicitudes-atencion': <MedicalRequestsPage />,
  'codigos-promocionales': <PromoCodesPage />,
  'cuentas-eliminadas': <AccountDeletionsPage />,
  'correos-enviados': <SentEmailsPage />,
  contacto: <ContactSettingsPage />,
  'conciliacion-pagos': <PaymentDiscrepanciesPage />,
};

/** Resolves Spanish and English section paths to the same screen. */
export function AdminSectionRoute() {
  const section = adminSection(useParams().section);
  const page = section && SECTION_PAGES[section.path];
  if (!page) {
    return (
      <section>
        <h1>
          <Trans>Sección no encontrada</Trans>
        </h1>
      </section>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="muted" role="status">
          <Trans>Cargando…</Trans>
        </p>
      }
    >
      {page}
    </Suspense>
  );
}
