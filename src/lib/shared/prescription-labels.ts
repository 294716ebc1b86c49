// The prescriptions' vocabularies (product §3), one table each for the screens, the PDF and the server (see ./labels).
// Only members' screens show them: lingui.config.ts gives this file to the members' catalogue.

import { spanish, type Label } from './labels';
import type {
  DocumentKind,
  DurationUnit,
  MomentGroupId,
  MomentId,
  PrescriptionStatus,
  PrescriptionType,
} from './prescriptions';

/** Doctors issue prescriptions; health professionals issue recommendations (product §1). */
export const PRESCRIPTION_TYPE_LABELS: Record<PrescriptionType, Label> = {
  prescription: /*i18n*/ { id: 'EtCkA5', message: 'Prescripción' },
  recommendation: /*i18n*/ { id: 'QZXUNB', message: 'Recomendación' },
};

/** Product §1 medical resources: the library's two shelves. */
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, Label> = {
  template: /*i18n*/ { id: 'Aas9rJ', message: 'Plantillas' },
  'patient-support': /*i18n*/ { id: 'Sbz0WC', message: 'Documentos de apoyo para pacientes' },
};

export const PRESCRIPTION_STATUS_LABELS: Record<PrescriptionStatus, Label> = {
  active: /*i18n*/ { id: 'lQ1G5R', message: 'Activa' },
  finished: /*i18n*/ { id: 'rU1NQd', message: 'Finalizada' },
  cancelled: /*i18n*/ { id: 'e3oMCh', message: 'Anulada' },
};

/** Product §3 time-of-day options (the ids of `MOMENT_GROUPS`); a stored moment's `value` is its Spanish. */
export const MOMENT_LABELS: Record<MomentId, Label> = {
  1: /*i18n*/ { id: 'My-hl5', message: 'En ayunas' },
  2: /*i18n*/ { id: 'NMxxu2', message: 'Antes del desayuno' },
  3: /*i18n*/ { id: 'aoYqhr', message: 'Con el desayuno' },
  4: /*i18n*/ { id: 'xFeVWL', message: 'Media mañana' },
  5: /*i18n*/ { id: 'NTHu-n', message: 'Antes del almuerzo' },
  6: /*i18n*/ { id: 'bpSNMl', message: 'Con el almuerzo' },
  7: /*i18n*/ { id: 'TLokvE', message: 'Media tarde' },
  8: /*i18n*/ { id: '4GBg01', message: 'Antes de la cena' },
  9: /*i18n*/ { id: 'ryWMGD', message: 'Con la cena' },
  10: /*i18n*/ { id: '9Vn4PA', message: 'Antes de dormir' },
};

/** A stored moment's `value`: its Spanish whatever language the screens use; undefined for an id not in the list. */
export function momentValue(id: number): string | undefined {
  const label: Label | undefined = MOMENT_LABELS[id as MomentId];
  return label && spanish(label);
}

export const MOMENT_GROUP_LABELS: Record<MomentGroupId, Label> = {
  morning: /*i18n*/ { id: 'GCdPZM', message: 'Mañana' },
  afternoon: /*i18n*/ { id: 'nCRdHl', message: 'Tarde' },
  evening: /*i18n*/ { id: 'BvaQfh', message: 'Noche' },
};

/** Product §3 `prescriptionDuration.time`. */
export const DURATION_UNIT_LABELS: Record<DurationUnit, Label> = {
  days: /*i18n*/ { id: 'DdvY9Z', message: 'Días' },
  weeks: /*i18n*/ { id: 'NmVBdZ', message: 'Semanas' },
  months: /*i18n*/ { id: 'PxFUPI', message: 'Meses' },
};
