// The genders' words, one table for the profile and the patients' records on the storefront and for the server's
// registration forms (see ./labels). Only members' screens translate them: lingui.config.ts gives this file to the
// members' catalogue (the registration forms come from the server, in Spanish).

import type { Gender } from './accounts';
import type { Label } from './labels';

export const GENDER_LABELS: Record<Gender, Label> = {
  femenino: /*i18n*/ { id: 'B1qBIu', message: 'Femenino' },
  masculino: /*i18n*/ { id: 'zseNTN', message: 'Masculino' },
  otro: /*i18n*/ { id: '26Tsot', message: 'Otro' },
  'prefiero-no-decir': /*i18n*/ { id: 'tUcCw1', message: 'Prefiero no decirlo' },
};
