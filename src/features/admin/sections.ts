import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

interface AdminSection {
  /** Spanish path, the canonical one. */
  path: string;
  /** English variant path of product §2, an alias of the same screen. */
  englishPath: string;
  label: MessageDescriptor;
}

interface AdminGroup {
  title: MessageDescriptor;
  sections: AdminSection[];
}

/** Product §2: six sections under the groups 'functional tools' and 'system configuration', plus the requests. */
export const ADMIN_GROUPS: AdminGroup[] = [
  {
    title: msg`Herramientas funcionales`,
    sections: [
      { path: 'herramientas-funcionales', englishPath: 'functional-tools', label: msg`Herramientas funcionales` },
      {
        path: 'configuracion-prescripcion',
        englishPath: 'prescription-settings',
        label: msg`Configuración de prescripción`,
      },
    ],
  },
  {
    title: msg`Configuración del sistema`,
    sections: [
      { path: 'gestion-afiliados', englishPath: 'affiliate-management', label: msg`Gestión de afiliados` },
      { path: 'configuracion-puntos', englishPath: 'points-configuration', label: msg`Configuración de puntos` },
      // Not one of product §2's six: usage limits and per-country validity of the promo codes (docs/decisions.md).
      { path: 'codigos-promocionales', englishPath: 'promo-codes', label: msg`Códigos promocionales` },
      { path: 'libreria', englishPath: 'document-library', label: msg`Librería` },
      { path: 'autorizacion-hormonas', englishPath: 'hormones-auth', label: msg`Autorización de hormonas` },
      // Not one of product §2's six: the follow-up of the public medical attention requests (docs/decisions.md).
      { path: 'solicitudes-atencion', englishPath: 'medical-requests', label: msg`Solicitudes de atención` },
      // Data rights (issue #15): the deletions users made themselves, for the record the laws ask the store to keep.
      { path: 'cuentas-eliminadas', englishPath: 'account-deletions', label: msg`Cuentas eliminadas` },
      // Issue #15: the e-mails the store sent, so that without SMTP (development) nobody reads them in the log.
      { path: 'correos-enviados', englishPath: 'sent-emails', label: msg`Correos enviados` },
      // Issue #19: each country's phone line and chat number, instead of build-time variables only.
      { path: 'contacto', englishPath: 'contact-channels', label: msg`Canales de contacto` },
      // Issue #22: where the store's payments and the payment provider's records differ.
      { path: 'conciliacion-pagos', englishPath: 'payment-reconciliation', label: msg`Conciliación de pagos` },
    ],
  },
];

const ADMIN_SECTIONS = ADMIN_GROUPS.flatMap((group) => group.sections);

/** Resolves a Spanish or English section path to its section. */
export function adminSection(path: string | undefined): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section.path === path || section.englishPath === path);
}
