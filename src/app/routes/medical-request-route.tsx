import { MedicalRequestPage } from '../../features/medical-request/components/medical-request-page';

/** `/{c}/solicitar-atencion`: the public medical attention request. */
export function MedicalRequestRoute() {
  return <MedicalRequestPage />;
}
