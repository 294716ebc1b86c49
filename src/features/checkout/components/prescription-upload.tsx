import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { HORMONE_PRESCRIPTION_MAX_BYTES, HORMONE_PRESCRIPTION_MIME_TYPES } from '../../../lib/shared/orders';
import { discardOutboxItem, outboxPagePath, useOutboxItem } from '../../../lib/outbox';
import { outboxReasonText } from '../../../lib/outbox-text';
import { useCountry } from '../../../lib/use-country';
import type { PendingPrescription, PrescriptionUploadResult, UploadedPrescription } from '../checkout-form';

interface PrescriptionUploadProps {
  uploaded: UploadedPrescription | null;
  /** Kept on the device while the connection is down; the checkout turns it into `uploaded` once delivered. */
  pending: PendingPrescription | null;
  missing: boolean;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<PrescriptionUploadResult>;
  onUploaded: (result: PrescriptionUploadResult) => void;
  /** Also discards a pending upload: the buyer chooses another file. */
  onRemove: () => void;
}

const MAX_MEGABYTES = HORMONE_PRESCRIPTION_MAX_BYTES / (1024 * 1024);

/** The signed prescription a hormone order needs before payment; the server checks the file's content again. */
export function PrescriptionUpload({
  uploaded,
  pending,
  missing,
  upload,
  onUploaded,
  onRemove,
}: PrescriptionUploadProps) {
  const { t } = useLingui();
  const country = useCountry();
  const queued = useOutboxItem(pending?.key);
  const refused = queued?.state === 'rejected';
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(file: File) {
    setFailure(null);
    if (!(HORMONE_PRESCRIPTION_MIME_TYPES as readonly string[]).includes(file.type)) {
      setFailure(t`Tipo de archivo no permitido. Sube un PDF o una imagen JPG o PNG.`);
      return;
    }
    if (file.size > HORMONE_PRESCRIPTION_MAX_BYTES) {
      setFailure(t`El archivo supera el tamaño máximo de ${MAX_MEGABYTES} MB.`);
      return;
    }
    setProgress(0);
    try {
      onUploaded(await upload(file, setProgress));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  const error =
    failure ?? (missing && !pending ? t`Debes adjuntar la fórmula médica firmada para comprar hormonas` : null);
  return (
    <fieldset className="card stack prescription-upload">
      <legend>
        <Trans>Fórmula médica firmada</Trans>
      </legend>
      <p className="muted">
        <Trans>
          Tu bolsa incluye hormonas bioidénticas. Adjunta la fórmula firmada por tu médico (PDF, JPG o PNG, máximo{' '}
          {MAX_MEGABYTES} MB): la validaremos antes del despacho y el envío corre por tu cuenta.
        </Trans>
      </p>
      {pending && !uploaded && (
        <div className={refused ? 'alert stack' : 'notice stack'} role="status">
          <p>
            {refused ? (
              <Trans>No pudimos enviar la fórmula {pending.fileName}.</Trans>
            ) : (
              <Trans>
                Sin conexión: guardamos la fórmula {pending.fileName} en este dispositivo. Se enviará al recuperar la
                conexión y entonces podrás pagar.
              </Trans>
            )}
          </p>
          {refused && queued && <p>{outboxReasonText(queued)}</p>}
          <p>
            <Link to={outboxPagePath(country)}>
              <Trans>Ver envíos pendientes</Trans>
            </Link>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                void discardOutboxItem(pending.key);
                onRemove();
              }}
            >
              <Trans>Elegir otro archivo</Trans>
            </button>
          </p>
        </div>
      )}
      {pending && !uploaded ? null : uploaded ? (
        <p className="notice notice--success" role="status">
          <Trans>Fórmula adjunta: {uploaded.fileName}</Trans>{' '}
          <button type="button" className="link-button" onClick={onRemove}>
            <Trans>Cambiar archivo</Trans>
          </button>
        </p>
      ) : (
        <div className="field">
          <label htmlFor={inputId} className="field__label">
            <Trans>Archivo de la fórmula</Trans>
            <span className="field__required" aria-hidden="true">
              {' *'}
            </span>
          </label>
          <input
            id={inputId}
            type="file"
            className="input"
            accept={HORMONE_PRESCRIPTION_MIME_TYPES.join(',')}
            disabled={progress !== null}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void send(file);
            }}
          />
          {progress !== null && (
            <progress max={1} value={progress} aria-label={t`Subiendo fórmula`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
        </div>
      )}
      {error && (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
