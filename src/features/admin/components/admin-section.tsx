import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { adminSection } from '../sections';
import { AccountDeletionsPage } from './account-deletions-page';
import { AffiliatesPage } from './affiliates-page';
import { ContactSettingsPage } from './contact-settings-page';
import { HormoneOrdersPage } from './hormone-orders-page';
import { LibraryPage } from './library-page';
import { MedicalRequestsPage } from './medical-requests-page';
import { PaymentDiscrepanciesPage } from './payment-discrepancies-page';
import { PointsConfigPage } from './points-config-page';
import { PrescriptionSettingsPage } from './prescription-settings-page';
import { ProductsPage } from './products-page';
import { PromoCodesPage } from './promo-codes-page';
import { SentEmailsPage } from './sent-emails-page';

// The sections come in this route's one chunk (about 25 KiB compressed, for an admin at a desk): as a chunk each they
// were eleven more files for every device's service worker to install, a patient's phone included.
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
  return page;
}
