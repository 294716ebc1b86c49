import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { PatientDto } from './shared/prescriptions';

const DELETED_ACCOUNT_NAME = msg`Paciente con la cuenta eliminada`;

/**
 * The name a patient shows, from the register or from a strategy: the server keeps a deleted account's record under a
 * Spanish placeholder name ('Paciente eliminada'), which the interface says in its own language instead.
 */
export function patientName(patient: Pick<PatientDto, 'account_deleted' | 'display_name'>, i18n: I18n): string {
  return patient.account_deleted ? i18n._(DELETED_ACCOUNT_NAME) : patient.display_name;
}
