import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { outboxPagePath } from '../../../lib/outbox';
import type { CreatePatientResponseDto } from '../../../lib/shared/prescriptions';
import { useCountry } from '../../../lib/use-country';
import type { PendingPatient } from '../pending-patients';

/** What the professional sees after creating a patient: the invitation went out, and the link to share it. */
export function PatientCreatedNotice({
  created,
  onClose,
}: {
  created: CreatePatientResponseDto;
  onClose?: () => void;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const name = created.patient.display_name;
  const email = created.patient.email;
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.invitation.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="notice notice--success stack patient-created" role="status">
      <p>
        <Trans>
          Creamos a {name} y le enviamos una invitación a {email} para que cree su cuenta y vea sus prescripciones.
        </Trans>
      </p>
      {!created.patient.complete && (
        <p>
          <Trans>Su ficha está incompleta: puedes completarla desde Mis pacientes.</Trans>
        </p>
      )}
      <p className="patient-created__link">
        <Trans>También puedes compartirle este enlace de registro:</Trans>{' '}
        <code data-testid="invitation-link">{created.invitation.link}</code>
      </p>
      <NoticeActions onClose={onClose}>
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied ? t`Enlace copiado` : t`Copiar enlace`}
        </button>
      </NoticeActions>
    </div>
  );
}

/** What the professional sees after creating a patient without connection. */
export function PatientQueuedNotice({ pending, onClose }: { pending: PendingPatient; onClose?: () => void }) {
  const country = useCountry();
  const name = pending.name;
  return (
    <div className="notice stack" role="status">
      <p>
        <Trans>
          Guardamos a {name} en este dispositivo. Se enviará al recuperar la conexión: entonces crearemos su ficha y le
          enviaremos la invitación.
        </Trans>
      </p>
      <NoticeActions onClose={onClose}>
        <Link to={outboxPagePath(country)}>
          <Trans>Ver envíos pendientes</Trans>
        </Link>
      </NoticeActions>
    </div>
  );
}

/** A notice's way onwards, and 'Cerrar' when the screen lets it be closed. */
function NoticeActions({ onClose, children }: { onClose: (() => void) | undefined; children: ReactNode }) {
  return (
    <div className="form-actions">
      {children}
      {onClose && (
        <button type="button" className="button button--ghost" onClick={onClose}>
          <Trans>Cerrar</Trans>
        </button>
      )}
    </div>
  );
}
