import { PatientPicker } from '../../features/patients/components/patient-picker';
import { PrescriptionBuilder } from '../../features/prescriptions/components/prescription-builder';
import { SectionGate } from '../../features/prescriptions/components/section-gate';
import { prescriptionDraftsAtom } from '../../features/prescriptions/atoms';
import { persistedAtomReady } from '../../lib/store';

/** The drafts live in this route's chunk: it renders once their stored value is back from IndexedDB. */
export const draftsRestored = () => persistedAtomReady(prescriptionDraftsAtom);

/** Step 1's patient list and form come from the patients feature: features do not import each other's screens. */
const renderPatientPicker = (props: Parameters<typeof PatientPicker>[0]) => <PatientPicker {...props} />;

/** `mi-cuenta/prescripcion`: a doctor's prescription in four steps. */
export function PrescriptionRoute() {
  return (
    <SectionGate section="prescripcion">
      <PrescriptionBuilder type="prescription" renderPatientPicker={renderPatientPicker} />
    </SectionGate>
  );
}

/** `mi-cuenta/recomendaciones`: a health professional's recommendation in four steps. */
export function RecommendationRoute() {
  return (
    <SectionGate section="recomendaciones">
      <PrescriptionBuilder type="recommendation" renderPatientPicker={renderPatientPicker} />
    </SectionGate>
  );
}
