// What a credentials entry holds, one table for the storefront's credentials screens and the server's registration
// form (see ./labels). Only members' screens translate them: lingui.config.ts gives this file to the members'
// catalogue (the registration form comes from the server, in Spanish).

import type { CREDENTIAL_DOCUMENT_TYPES } from './accounts';
import type { Label } from './labels';
import { HORMONE_PRESCRIPTION_DOCUMENT_TYPE } from './orders';

/** The professional's documents (`CREDENTIAL_DOCUMENT_TYPES`) and a buyer's hormone prescription. */
export const CREDENTIAL_DOCUMENT_LABELS: Record<
  (typeof CREDENTIAL_DOCUMENT_TYPES)[number] | typeof HORMONE_PRESCRIPTION_DOCUMENT_TYPE,
  Label
> = {
  'tarjeta-profesional': /*i18n*/ { id: 'sPF3c3', message: 'Tarjeta profesional' },
  diploma: /*i18n*/ { id: 'PdRInt', message: 'Diploma' },
  'documento-identidad': /*i18n*/ { id: 'NVlJVv', message: 'Documento de identidad' },
  'registro-sanitario': /*i18n*/ { id: 'zx_n5K', message: 'Registro sanitario' },
  [HORMONE_PRESCRIPTION_DOCUMENT_TYPE]: /*i18n*/ { id: '141u6p', message: 'Fórmula médica de hormonas' },
};
