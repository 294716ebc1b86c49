import { PatientDetailPage } from '../../features/patients/components/patient-detail-page';
import { PatientsPage } from '../../features/patients/components/patients-page';
import { SectionGate } from '../../features/prescriptions/components/section-gate';
import { StrategyDetailPage } from '../../features/prescriptions/components/strategy-detail-page';

/** `mi-cuenta/mis-pacientes`: doctors' and health professionals' register of patients. */
export function PatientsRoute() {
  return (
    <SectionGate section="mis-pacientes">
      <PatientsPage />
    </SectionGate>
  );
}

/** `mi-cuenta/mis-pacientes/:patientId`: the patient's data and strategies. */
export function PatientDetailRoute() {
  return (
    <SectionGate section="mis-pacientes">
      <PatientDetailPage />
    </SectionGate>
  );
}

/** `mi-cuenta/mis-pacientes/:patientId/estrategias/:prescriptionId`: one strategy of the patient. */
export function StrategyDetailRoute() {
  return (
    <SectionGate section="mis-pacientes">
      <StrategyDetailPage />
    </SectionGate>
  );
}
