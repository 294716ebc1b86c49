import { SectionGate } from '../../features/prescriptions/components/section-gate';
import { RemindersPage } from '../../features/reminders/components/reminders-page';

/** `mi-cuenta/recordatorios`: patients only (their purchases of prescribed products make the reminders). */
export function RemindersRoute() {
  return (
    <SectionGate section="recordatorios">
      <RemindersPage />
    </SectionGate>
  );
}
