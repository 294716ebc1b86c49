import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { HORMONE_PRESCRIPTION_MAX_BYTES, HORMONE_PRESCRIPTION_MIME_TYPES } from '../../../lib/shared/orders';
import type { UploadedPrescription } from '../checkout-form';

interface PrescriptionUploadProps {
  uploaded: UploadedPrescription | null;
  missing: boolean;
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<number>;
  onUploaded: (prescription: UploadedPrescription) => void;
  onRemove: () => void;
}

const MAX_MEGABYTES = HORMONE_PRESCRIPTION_MAX_BYTES / (1024 * 1024);

/** The signed prescription a hormone order needs before payment; the server checks the file's content again. */
export function PrescriptionUpload({ uploaded, missing, upload, onUploaded, onRemove }: PrescriptionUploadProps) {
  const { t } = useLingui();
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
      const documentId = await upload(file, setProgress);
      onUploaded({ documentId, fileName: file.name });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setProgress(null);
    }
  }

  const error = failure ?? (missing ? t`Debes adjuntar la fórmula médica firmada para comprar hormonas` : null);
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
      {uploaded ? (
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
