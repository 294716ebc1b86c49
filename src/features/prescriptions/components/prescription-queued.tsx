import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { outboxPagePath, useOutboxItem } from '../../../lib/outbox';
import { outboxReasonText, outboxStateLabel } from '../../../lib/outbox-text';
import type { CountryCode } from '../../../lib/shared/countries';
import type { PrescriptionDraft, QueuedPrescription } from '../draft';

interface PrescriptionQueuedProps {
  country: CountryCode;
  draft: PrescriptionDraft;
  queued: QueuedPrescription;
  /** The server refused it: back to the draft to correct it (the refused submission is discarded). */
  onReopen: () => void;
  onStartNew: () => void;
}

/**
 * A prescription or recommendation sent without connection. It stays on the device until the server takes it; the
 * builder turns this into "created" once it does (see `PrescriptionBuilder`), even after a reload.
 */
export function PrescriptionQueued({ country, draft, queued, onReopen, onStartNew }: PrescriptionQueuedProps) {
  const { t } = useLingui();
  const item = useOutboxItem(queued.key);
  const isPrescription = draft.prescriptionType === 'prescription';
  const patientName = draft.patient?.name ?? '';
  const refused = item?.state === 'rejected';
  const reason = item ? outboxReasonText(item) : null;
  return (
    <section className="stack builder" aria-labelledby="queued-title">
      <h1 id="queued-title">
        {isPrescription ? <Trans>Prescripción por enviar</Trans> : <Trans>Recomendación por enviar</Trans>}
      </h1>
      {refused ? (
        <div className="alert stack" role="alert">
          <p>
            {isPrescription ? (
              <Trans>El servidor no aceptó la prescripción para {patientName}.</Trans>
            ) : (
              <Trans>El servidor no aceptó la recomendación para {patientName}.</Trans>
            )}
          </p>
          {reason && <p>{reason}</p>}
        </div>
      ) : item ? (
        <div className="notice stack" role="status">
          <p>
            {isPrescription ? (
              <Trans>
                Guardamos la prescripción para {patientName} en este dispositivo: se enviará al recuperar la conexión y
                tu paciente la verá en su cuenta.
              </Trans>
            ) : (
              <Trans>
                Guardamos la recomendación para {patientName} en este dispositivo: se enviará al recuperar la conexión y
                tu paciente la verá en su cuenta.
              </Trans>
            )}
          </p>
          <p className="muted">
            {t`Estado:`} {outboxStateLabel(item)}
            {reason && ` · ${reason}`}
          </p>
        </div>
      ) : (
        <p className="notice" role="status">
          <Trans>
            Este envío ya no está en este dispositivo. Revisa tu lista de emitidas antes de volver a enviarlo.
          </Trans>
        </p>
      )}
      <div className="form-actions builder__actions">
        {(refused || !item) && (
          <button type="button" className="button button--primary" onClick={onReopen}>
            <Trans>Volver al borrador</Trans>
          </button>
        )}
        <Link to={outboxPagePath(country)} className="button button--secondary">
          <Trans>Ver envíos pendientes</Trans>
        </Link>
        <button type="button" className="button button--ghost" onClick={onStartNew}>
          {isPrescription ? <Trans>Empezar otra prescripción</Trans> : <Trans>Empezar otra recomendación</Trans>}
        </button>
      </div>
    </section>
  );
}
