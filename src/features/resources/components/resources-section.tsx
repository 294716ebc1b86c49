import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { ApiError, errorMessage } from '../../../lib/http';
import { outboxAvailable } from '../../../lib/outbox';
import { formatLocale } from '../../../lib/i18n';
import type { CountryCode } from '../../../lib/shared/countries';
import { formatQuantity } from '../../../lib/shared/formats';
import { DOCUMENT_KIND_LABELS } from '../../../lib/shared/prescription-labels';
import { DOCUMENT_KINDS, type LibraryDocumentDto } from '../../../lib/shared/prescriptions';
import { useOnline } from '../../../lib/use-online';
import { documentQueries, downloadDocument, saveDocumentOnDevice } from '../api';
import { useSavedDocuments } from '../saved-documents';
import { TitledSection } from '../../../components/ui/titled-section';

interface ResourcesSectionProps {
  country: CountryCode;
  viewer: string;
}

/** '1,2 MB', '850 KB'. */
function sizeText(bytes: number, country: CountryCode): string {
  const amount = (value: number) => formatQuantity(value, formatLocale(country), 1);
  return bytes >= 1024 * 1024 ? `${amount(bytes / 1024 / 1024)} MB` : `${amount(bytes / 1024)} KB`;
}

/** A failure that only means the server could not be reached. */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/**
 * Product §1 medical resources: the library's templates and patient support documents, each downloadable, each marked
 * when it is saved on this device (it then opens without connection).
 */
export function ResourcesSection({ country, viewer }: ResourcesSectionProps) {
  const { t } = useLingui();
  const online = useOnline();
  const list = useQuery(documentQueries.list(country, viewer));
  const { saved, refresh } = useSavedDocuments();
  const documents = list.data?.data ?? [];

  return (
    <TitledSection id="resources-title" title={<Trans>Recursos médicos</Trans>} className="card stack resources">
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando recursos…</Trans>
        </p>
      )}
      {list.data && (!online || list.isError) && <DataAge updatedAt={list.dataUpdatedAt} />}
      {list.isError && !list.data && (
        <div className="alert" role="alert">
          <p>{errorMessage(list.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            <Trans>Reintentar</Trans>
          </button>
        </div>
      )}
      {list.isSuccess && documents.length === 0 && (
        <p className="empty-state">
          <Trans>Aún no hay documentos en la biblioteca.</Trans>
        </p>
      )}
      {DOCUMENT_KINDS.map((kind) => {
        const ofKind = documents.filter((document) => document.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <div key={kind} className="stack">
            <h3>{t(DOCUMENT_KIND_LABELS[kind])}</h3>
            <ul className="plain-list resources__list">
              {ofKind.map((document) => (
                <li key={document.id}>
                  <ResourceItem
                    country={country}
                    document={document}
                    saved={saved?.has(document.id) ?? null}
                    onFetched={refresh}
                  />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </TitledSection>
  );
}

interface ResourceItemProps {
  country: CountryCode;
  document: LibraryDocumentDto;
  /** Whether the file is on this device (null while unknown). */
  saved: boolean | null;
  /** After the file came through the service worker: the marks are read again. */
  onFetched: () => Promise<void>;
}

function ResourceItem({ country, document, saved, onFetched }: ResourceItemProps) {
  const { t } = useLingui();
  const [pending, setPending] = useState<'download' | 'save' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notSavedText = t`Este documento no está guardado en este dispositivo. Descárgalo cuando vuelvas a tener conexión.`;

  async function run(action: 'download' | 'save') {
    setFailure(null);
    // Always asked, even when the marks say 'not saved': the service worker may have stored it a moment ago.
    setPending(action);
    try {
      if (action === 'download') await downloadDocument(country, document);
      else await saveDocumentOnDevice(country, document);
      await onFetched();
    } catch (error) {
      setFailure(saved !== true && unreachable(error) ? notSavedText : errorMessage(error));
    } finally {
      setPending(null);
    }
  }

  return (
    <article className="resource" aria-label={document.title}>
      <div>
        <p className="resource__title">{document.title}</p>
        {document.description && <p className="muted">{document.description}</p>}
        <p className="muted">
          {document.fileName} · {sizeText(document.size, country)}
        </p>
        {saved && (
          <p className="badge badge--muted resource__saved">
            <Trans>Guardado en este dispositivo</Trans>
          </p>
        )}
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </div>
      <div className="resource__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending !== null}
          aria-label={t`Descargar ${document.title}`}
          onClick={() => void run('download')}
        >
          {pending === 'download' ? t`Descargando…` : t`Descargar`}
        </button>
        {saved === false && outboxAvailable() && (
          <button
            type="button"
            className="button button--ghost"
            disabled={pending !== null}
            aria-label={t`Guardar sin conexión ${document.title}`}
            onClick={() => void run('save')}
          >
            {pending === 'save' ? t`Guardando…` : t`Guardar sin conexión`}
          </button>
        )}
      </div>
    </article>
  );
}
