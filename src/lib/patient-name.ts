import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { PatientDto, StrategyPatientDto } from './shared/prescriptions';

/**
 * The record an account deletion leaves in a professional's register: unlinked from any account and its consent
 * revoked. Only a deletion leaves both (a patient revokes from their own account, which stays linked).
 */
export function isDeletedAccountRecord(patient: Pick<PatientDto, 'account_status' | 'consent_status'>): boolean {
  return patient.account_status === 'invited' && patient.consent_status === 'revoked';
}

const DELETED_ACCOUNT_NAME = msg`Paciente con la cuenta eliminada`;

/**
 * The name a patient shows, from the register or from a strategy: the server keeps a deleted account's record under a
 * Spanish placeholder name ('Paciente eliminada'), which the interface says in its own language instead.
 */
export function patientName(
  patient: Pick<PatientDto, 'account_status' | 'consent_status' | 'display_name'> | StrategyPatientDto,
  i18n: I18n,
): string {
  const deleted = 'account_deleted' in patient ? patient.account_deleted : isDeletedAccountRecord(patient);
  return deleted ? i18n._(DELETED_ACCOUNT_NAME) : patient.display_name;
}
