import { Trans } from '@lingui/react/macro';
import { PushOptIn } from './push-opt-in';
import { ReminderList } from './reminder-list';
import { TitledSection } from '../../../components/ui/titled-section';

/** `mi-cuenta/recordatorios`: the opt-in for this device's notifications and the list of re-purchase reminders. */
export function RemindersPage() {
  return (
    <TitledSection id="reminders-title" title={<Trans>Recordatorios de recompra</Trans>} heading="h1" className="stack">
      <p className="muted">
        <Trans>
          Cuando compras los productos de una prescripción o recomendación, calculamos cuándo se terminan según las
          indicaciones de tu profesional y te avisamos antes, para que no interrumpas tu tratamiento.
        </Trans>
      </p>
      <TitledSection
        id="push-opt-in-title"
        title={<Trans>Notificaciones en este dispositivo</Trans>}
        className="card stack"
      >
        <PushOptIn />
      </TitledSection>
      <ReminderList />
    </TitledSection>
  );
}
