import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';
import { FailureAlert } from '../../../components/ui/failure-alert';
import { TextField } from '../../../components/ui/text-field';
import type { CountryCode } from '../../../lib/shared/countries';
import { errorMessage } from '../../../lib/http';
import { discardOutboxOf, useUndeliveredCount } from '../../../lib/outbox';
import { DELETION_CONFIRMATION_WORD } from '../../../lib/shared/privacy';
import { useLogout } from '../../auth/use-logout';
import { useSession } from '../../../lib/session/use-session';
import { exportUrl, privacyQueries } from '../api';
import { useAcceptConsent, useDeleteAccount, useRevokeConsent } from '../mutations';
import type { ConsentProps } from './consent-dialog';
import { TitledSection } from '../../../components/ui/titled-section';

/**
 * The data rights of the three countries' laws, self-served: download everything, revoke (or give again) the
 * health-data consent, delete the account. What each step does and keeps is said before it is done.
 */
export function DataRightsPanel({ country }: { country: CountryCode }) {
  const session = useSession(country);
  const viewer = session?.user.uid ?? '';
  const consent = useQuery({ ...privacyQueries.consent(country, viewer), enabled: session !== null });
  if (!session) return null;
  return (
    <TitledSection id="data-rights-title" title={<Trans>Tus datos y tu privacidad</Trans>} className="card stack">
      <DownloadSection />
      {consent.data && <ConsentSection country={country} viewer={viewer} consent={consent.data} />}
      <DeleteSection country={country} viewer={viewer} />
    </TitledSection>
  );
}

function DownloadSection() {
  return (
    <RightSection title={<Trans>Descargar mis datos</Trans>}>
      <p>
        <Trans>
          Un archivo ZIP con todo lo que guardamos sobre ti: perfil, direcciones, pedidos, prescripciones y
          recomendaciones (recibidas o emitidas), movimientos de puntos, credenciales y sus archivos, autorizaciones y
          suscripciones a recordatorios, en un archivo JSON legible por otras aplicaciones.
        </Trans>
      </p>
      <p>
        <a className="button button--secondary" href={exportUrl()} download>
          <Trans>Descargar mis datos (ZIP)</Trans>
        </a>
      </p>
    </RightSection>
  );
}

function ConsentSection({ country, viewer, consent }: ConsentProps) {
  const { t, i18n } = useLingui();
  const acceptance = useAcceptConsent(country, viewer);
  const revocation = useRevokeConsent(country, viewer);
  const [confirming, setConfirming] = useState(false);
  const pending = acceptance.isPending || revocation.isPending;
  const failed = acceptance.error ?? revocation.error;
  const failure = failed ? errorMessage(failed) : null;
  const revoked = consent.state === 'revoked';
  const acceptedOn = consent.acceptedAt ? i18n.date(new Date(consent.acceptedAt), { dateStyle: 'long' }) : '';
  const version = consent.acceptedVersion ?? consent.version;

  async function change(action: 'revoke' | 'grant') {
    // One failure at a time: the other action's is cleared, as this one's is when it starts.
    (action === 'revoke' ? acceptance : revocation).reset();
    // A failure is shown from the mutation's error.
    const next = await (action === 'revoke' ? revocation.mutateAsync() : acceptance.mutateAsync(consent.version)).catch(
      () => null,
    );
    if (next) setConfirming(false);
  }

  return (
    <RightSection title={<Trans>Autorización para tratar tus datos de salud</Trans>}>
      <p role="status" data-testid="consent-state">
        {revoked ? (
          <Trans>Revocaste esta autorización.</Trans>
        ) : consent.acceptedAt ? (
          <Trans>
            Autorizada el {acceptedOn} (versión {version} del texto).
          </Trans>
        ) : (
          <Trans>Aún no la has otorgado.</Trans>
        )}
      </p>
      <details>
        <summary>{t`Leer el texto de la autorización`}</summary>
        <p className="consent-text">{consent.text}</p>
      </details>
      <FailureAlert message={failure} />
      {revoked ? (
        <>
          <p>
            <Trans>
              Mientras tanto no puedes hacer pedidos y tus profesionales no pueden emitirte nuevas prescripciones o
              recomendaciones. Puedes volver a autorizar cuando quieras.
            </Trans>
          </p>
          <p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void change('grant')}
              disabled={pending}
            >
              <Trans>Leí el texto y vuelvo a autorizar</Trans>
            </button>
          </p>
        </>
      ) : (
        <p>
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            <Trans>Revocar autorización</Trans>
          </button>
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<Trans>¿Revocar la autorización?</Trans>}
        description={
          <Trans>
            Dejaremos de tratar nuevos datos de salud tuyos: no podrás hacer pedidos y tus profesionales no podrán
            emitirte nuevas prescripciones o recomendaciones hasta que vuelvas a autorizar. Lo que ya existe (pedidos,
            prescripciones, facturas) se conserva como exige la ley; si quieres que borremos tus datos, elimina tu
            cuenta.
          </Trans>
        }
        confirmLabel={<Trans>Sí, revocar</Trans>}
        onConfirm={() => void change('revoke')}
        pending={pending}
      />
    </RightSection>
  );
}

function DeleteSection({ country, viewer }: { country: CountryCode; viewer: string }) {
  const { t } = useLingui();
  const logout = useLogout(country);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const deletion = useDeleteAccount(country);
  const pending = deletion.isPending;
  const failure = deletion.error ? errorMessage(deletion.error) : null;
  const undelivered = useUndeliveredCount(viewer);

  async function remove() {
    // A failure is shown from `deletion.error`, in the dialog that stays open.
    const deleted = await deletion
      .mutateAsync({ password, confirmation: DELETION_CONFIRMATION_WORD })
      .catch(() => null);
    if (!deleted) return;
    setOpen(false);
    // Writes kept offline would wait for a login that can no longer happen, naming patients meanwhile.
    await discardOutboxOf(viewer);
    // The server already revoked every session; this clears what the device kept of the account.
    await logout();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void remove();
  }

  return (
    <RightSection title={<Trans>Eliminar mi cuenta</Trans>}>
      <p>
        <Trans>
          Borramos al instante tus datos personales: perfil, documento, teléfono, direcciones, foto, credenciales,
          favoritos, recordatorios y sesiones. No podrás volver a iniciar sesión.
        </Trans>
      </p>
      <p>
        <Trans>
          Conservamos sin tu nombre ni tus datos de contacto lo que la ley nos obliga a guardar: los pedidos y sus
          facturas (normas tributarias: la factura de un pedido pagado conserva tu número de identificación fiscal) y
          las prescripciones y fórmulas con las que se dispensaron productos (normas sanitarias). Si eres profesional,
          tus pacientes conservan sus cuentas y sus prescripciones.
        </Trans>
      </p>
      <p>
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          <Trans>Eliminar mi cuenta</Trans>
        </button>
      </p>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        title={<Trans>¿Eliminar tu cuenta definitivamente?</Trans>}
        description={<Trans>Esta acción no se puede deshacer. Descarga tus datos antes si quieres conservarlos.</Trans>}
      >
        <form className="stack" onSubmit={submit} noValidate>
          {undelivered > 0 && (
            <p>
              {plural(undelivered, {
                one: 'El envío que aún no llega al servidor se descarta de este dispositivo.',
                other: 'Los # envíos que aún no llegan al servidor se descartan de este dispositivo.',
              })}
            </p>
          )}
          <TextField
            type="password"
            label={t`Tu contraseña`}
            value={password}
            onValueChange={setPassword}
            autoComplete="current-password"
            required
          />
          <TextField
            label={t`Escribe ${DELETION_CONFIRMATION_WORD} para confirmar`}
            value={confirmation}
            onValueChange={setConfirmation}
            autoComplete="off"
            required
          />
          <FailureAlert message={failure} />
          <DialogActions>
            <button
              type="submit"
              className="button button--danger"
              disabled={pending || password === '' || confirmation.trim() !== DELETION_CONFIRMATION_WORD}
            >
              {pending ? t`Eliminando…` : t`Eliminar definitivamente`}
            </button>
          </DialogActions>
        </form>
      </ModalDialog>
    </RightSection>
  );
}

/** One of the rights, under its own heading. */
function RightSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="stack">
      <h3>{title}</h3>
      {children}
    </div>
  );
}
