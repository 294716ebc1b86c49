import { Trans } from '@lingui/react/macro';
import { PushOptIn } from './push-opt-in';
import { ReminderList } from './reminder-list';

/** `mi-cuenta/recordatorios`: the opt-in for this device's notifications and the list of re-purchase reminders. */
export function RemindersPage() {
  return (
    <section className="stack" aria-labelledby="reminders-title">
      <h1 id="reminders-title">
        <Trans>Recordatorios de recompra</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Cuando compras los productos de una prescripción o recomendación, calculamos cuándo se terminan según las
          indicaciones de tu profesional y te avisamos antes, para que no interrumpas tu tratamiento.
        </Trans>
      </p>
      <section className="card stack" aria-labelledby="push-opt-in-title">
        <h2 id="push-opt-in-title">
          <Trans>Notificaciones en este dispositivo</Trans>
        </h2>
        <PushOptIn />
      </section>
      <ReminderList />
    </section>
  );
}
