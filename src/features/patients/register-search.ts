import { summaryState } from '../../lib/shared/adherence';
import { normalizeSearchText } from '../../lib/shared/text';
import { PATIENTS_PAGE_SIZE, type PatientDto, type PatientListDto } from '../../lib/shared/prescriptions';
import type { PatientRegister } from './api';

/** What the server's search looks in (name and e-mail, case and accents ignored), for the search on the device. */
function searchTextOf(patient: PatientDto): string {
  return normalizeSearchText(`${patient.first_name} ${patient.last_name} ${patient.email}`);
}

/**
 * A page of the register kept on the device, as `GET /patients?search=&page=` answers it: every word of the search
 * in the name or the e-mail, in any order, sorted by name. `runningOutOn`, a store day, keeps only the patients
 * whose supply runs out within ADHERENCE_SOON_DAYS of it (`adherencia=se-acaba`), counted from the kept dates.
 */
export function searchRegister(
  register: PatientRegister,
  search: string,
  page: number,
  limit = PATIENTS_PAGE_SIZE,
  runningOutOn?: string,
): PatientListDto {
  const words = normalizeSearchText(search).split(' ').filter(Boolean);
  const matches = register.patients
    .filter(
      (patient) => runningOutOn === undefined || summaryState(patient.adherence, runningOutOn).kind === 'running-out',
    )
    .map((patient) => ({ patient, text: searchTextOf(patient) }))
    .filter(({ text }) => words.every((word) => text.includes(word)))
    .sort((a, b) => (a.text === b.text ? a.patient.id - b.patient.id : a.text < b.text ? -1 : 1));
  return {
    data: matches.slice((page - 1) * limit, page * limit).map(({ patient }) => patient),
    total: matches.length,
    page,
    limit,
  };
}
