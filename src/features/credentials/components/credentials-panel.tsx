import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChoiceField } from '../../../components/ui/choice-field';
import { FileField } from '../../../components/ui/file-field';
import { TextField } from '../../../components/ui/text-field';
import { QueryStatus } from '../../../components/ui/query-status';
import { errorMessage } from '../../../lib/http';
import { outboxPagePath, useOutboxItem } from '../../../lib/outbox';
import { outboxReasonText } from '../../../lib/outbox-text';
import { isQueuedAnswer } from '../../../lib/shared/outbox';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { CREDENTIAL_DOCUMENT_TYPES, CREDENTIAL_MAX_FILES, UPLOAD_MAX_BYTES } from '../../../lib/shared/accounts';
import {
  credentialDocumentLabel,
  credentialEntryDocument,
  credentialEntryStatus,
  credentialStatusLabel,
} from '../../../lib/credential-labels';
import { COUNTRIES } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { useSession } from '../../../lib/session/use-session';
import { credentialQueries, useUploadCredentials } from '../api';

const ACCEPTED = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
const BYTES_PER_MB = 1024 * 1024;

/** A professional's credentials: status (starts not_uploaded), upload with progress, and history. */
export function CredentialsPanel() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const session = useSession();
  const uploading = useUploadCredentials(country);
  const profile = session?.user.personalInfo;
  const status = useQuery({ ...credentialQueries.status(country, profile?.id ?? 0), enabled: !!profile });
  const [files, setFiles] = useState<File[]>([]);
  const submission = useIdempotencyKey();
  const [documentType, setDocumentType] = useState<string>('');
  const [contactNumber, setContactNumber] = useState(profile?.phone_number ?? '');
  const [progress, setProgress] = useState(0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const failure = uploading.error ? errorMessage(uploading.error) : null;
  const [uploaded, setUploaded] = useState(false);
  /** The upload the service worker keeps while the connection is down (its outbox id). */
  const [queuedKey, setQueuedKey] = useState<string | null>(null);
  const queued = useOutboxItem(queuedKey);
  if (!profile) return null;

  const labelOf = (type: string) => credentialDocumentLabel(i18n, type);

  function choose(selected: File[]) {
    const maxMb = UPLOAD_MAX_BYTES / BYTES_PER_MB;
    const maxFiles = CREDENTIAL_MAX_FILES;
    if (selected.length > CREDENTIAL_MAX_FILES) {
      setProblems({ files: t`Puedes subir hasta ${maxFiles} archivos a la vez.` });
      return;
    }
    const wrong = selected.find((file) => !ACCEPTED.includes(file.type));
    const large = selected.find((file) => file.size > UPLOAD_MAX_BYTES);
    if (wrong) setProblems({ files: t`Tipo de archivo no permitido. Sube un PDF o una imagen JPG, PNG o WEBP.` });
    else if (large) setProblems({ files: t`El archivo supera el tamaño máximo de ${maxMb} MB.` });
    else setProblems({});
    setFiles(wrong || large ? [] : selected);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (files.length === 0) missing.files = t`Campo obligatorio`;
    if (!documentType) missing.documentType = t`Campo obligatorio`;
    if (!contactNumber.trim()) missing.contactNumber = t`Campo obligatorio`;
    setProblems(missing);
    uploading.reset();
    setUploaded(false);
    setQueuedKey(null);
    if (Object.keys(missing).length > 0 || !profile) return;
    setProgress(0);
    const fields = {
      userId: profile.id,
      documentType,
      contactNumber: contactNumber.trim(),
      countryCode: profile.country_code ?? COUNTRIES[country].dialCode,
    };
    // Files are identified by name, size and date: choosing them again starts a new upload, retrying does not.
    const content = { ...fields, files: files.map((file) => [file.name, file.size, file.lastModified]) };
    const upload = {
      ...fields,
      files,
      idempotencyKey: submission.current(content),
      outbox: {
        kind: 'credential' as const,
        author: profile.uid,
        label: files.map((file) => file.name).join(', '),
        detail: labelOf(documentType),
      },
    };
    // A failure is shown from `uploading.error`; the files stay chosen for a retry.
    const next = await uploading.mutateAsync({ upload, onProgress: setProgress }).catch(() => null);
    if (next === null) return;
    submission.renew();
    setFiles([]);
    setDocumentType('');
    if (isQueuedAnswer(next)) setQueuedKey(next.id);
    else setUploaded(true);
  }

  return (
    <div className="stack">
      <h2>
        <Trans>Credenciales profesionales</Trans>
      </h2>
      {/* Nothing but 'Cargando…' before the server answers: a default of 'Sin cargar' told a professional who had
          uploaded, on a slow connection, that nothing was there. */}
      {status.data ? (
        <p>
          <Trans>Estado:</Trans>{' '}
          <strong className={`status status--${status.data.status}`} data-testid="credentials-status">
            {credentialStatusLabel(i18n, status.data.status)}
          </strong>
        </p>
      ) : (
        <QueryStatus query={status} />
      )}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t`Subir credenciales`}>
        <FileField
          label={t`Archivos (PDF o imagen)`}
          required
          error={problems.files}
          className="input"
          multiple
          accept={ACCEPTED.join(',')}
          onFiles={choose}
        />
        <ChoiceField
          label={t`Tipo de documento`}
          required
          className="select"
          placeholder={t`Selecciona una opción`}
          choices={CREDENTIAL_DOCUMENT_TYPES.map((type) => ({ value: type, label: labelOf(type) }))}
          value={documentType}
          onValueChange={setDocumentType}
          error={problems.documentType}
        />
        <TextField
          label={t`Número de contacto`}
          required
          type="tel"
          value={contactNumber}
          onValueChange={setContactNumber}
          error={problems.contactNumber}
        />
        {uploading.isPending && <progress max={1} value={progress} aria-label={t`Subiendo credenciales`} />}
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        {(uploaded || queued?.state === 'delivered') && (
          <p className="notice notice--success" role="status">
            <Trans>Recibimos tus credenciales. Te avisaremos cuando las revisemos.</Trans>
          </p>
        )}
        {queued && queued.state !== 'delivered' && (
          <div className={queued.state === 'rejected' ? 'alert stack' : 'notice stack'} role="status">
            <p>
              {queued.state === 'rejected' ? (
                <Trans>No pudimos enviar tus credenciales.</Trans>
              ) : (
                <Trans>
                  Sin conexión: guardamos tus documentos en este dispositivo y se enviarán al recuperar la conexión.
                </Trans>
              )}
            </p>
            {outboxReasonText(queued) && queued.state === 'rejected' && <p>{outboxReasonText(queued)}</p>}
            <p>
              <Link to={outboxPagePath(country)}>
                <Trans>Ver envíos pendientes</Trans>
              </Link>
            </p>
          </div>
        )}
        <button type="submit" className="button button--primary" disabled={uploading.isPending}>
          <Trans>Subir credenciales</Trans>
        </button>
      </form>
      {status.data && status.data.history.length > 0 && (
        <table className="table">
          <caption className="visually-hidden">{t`Historial de credenciales`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Fecha`}</th>
              <th scope="col">{t`Documento`}</th>
              <th scope="col">{t`Archivos`}</th>
              <th scope="col">{t`Estado`}</th>
            </tr>
          </thead>
          <tbody>
            {status.data.history.map((entry) => (
              <tr key={entry.id}>
                <td data-label={t`Fecha`}>{i18n.date(entry.createdAt, { dateStyle: 'medium' })}</td>
                <td data-label={t`Documento`}>{credentialEntryDocument(i18n, entry)}</td>
                <td data-label={t`Archivos`}>{entry.files.map((file) => file.name).join(', ')}</td>
                <td data-label={t`Estado`}>
                  {credentialEntryStatus(i18n, entry)}
                  {entry.reason && <span className="muted"> · {entry.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
