import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  DurationUnit,
  MomentGroupId,
  MomentId,
  PrescriptionStatus,
  PrescriptionType,
} from './shared/prescriptions';

/** Product §3 time-of-day options (the ids of `MOMENT_GROUPS`), translated for the screen and the PDF. */
export const MOMENT_LABELS: Record<MomentId, MessageDescriptor> = {
  1: msg`En ayunas`,
  2: msg`Antes del desayuno`,
  3: msg`Con el desayuno`,
  4: msg`Media mañana`,
  5: msg`Antes del almuerzo`,
  6: msg`Con el almuerzo`,
  7: msg`Media tarde`,
  8: msg`Antes de la cena`,
  9: msg`Con la cena`,
  10: msg`Antes de dormir`,
};

export const MOMENT_GROUP_LABELS: Record<MomentGroupId, MessageDescriptor> = {
  morning: msg`Mañana`,
  afternoon: msg`Tarde`,
  evening: msg`Noche`,
};

export const DURATION_LABELS: Record<DurationUnit, MessageDescriptor> = {
  days: msg`Días`,
  weeks: msg`Semanas`,
  months: msg`Meses`,
};

export const STATUS_LABELS: Record<PrescriptionStatus, MessageDescriptor> = {
  active: msg`Activa`,
  finished: msg`Finalizada`,
  cancelled: msg`Anulada`,
};

export const STATUS_TONES: Record<PrescriptionStatus, 'approved' | 'pending' | 'rejected'> = {
  active: 'approved',
  finished: 'pending',
  cancelled: 'rejected',
};

export const TYPE_LABELS: Record<PrescriptionType, MessageDescriptor> = {
  prescription: msg`Prescripción`,
  recommendation: msg`Recomendación`,
};
