import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { DOCUMENT_KINDS, type DocumentKind, type LibraryDocumentDto } from '../../../lib/shared/prescriptions';
import { documentQueries, downloadDocument } from '../api';

interface ResourcesSectionProps {
  country: CountryCode;
  viewer: string;
}

/** '1,2 MB', '850 KB'. */
function sizeText(bytes: number, country: CountryCode): string {
  const format = new Intl.NumberFormat(COUNTRIES[country].intlLocale, { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${format.format(bytes / 1024 / 1024)} MB` : `${format.format(bytes / 1024)} KB`;
}

/** Spec §1 medical resources: the library's templates and patient support documents, each downloadable. */
export function ResourcesSection({ country, viewer }: ResourcesSectionProps) {
  const { t } = useLingui();
  const list = useQuery(documentQueries.list(country, viewer));
  const titles: Record<DocumentKind, string> = {
    template: t`Plantillas`,
    'patient-support': t`Documentos de apoyo para pacientes`,
  };
  const documents = list.data?.data ?? [];

  return (
    <section className="card stack resources" aria-labelledby="resources-title">
      <h2 id="resources-title">
        <Trans>Recursos médicos</Trans>
      </h2>
      {list.isPending && (
        <p className="muted" role="status">
          <Trans>Cargando recursos…</Trans>
        </p>
      )}
      {list.isError && (
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
            <h3>{titles[kind]}</h3>
            <ul className="plain-list resources__list">
              {ofKind.map((document) => (
                <li key={document.id}>
                  <ResourceItem country={country} document={document} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

function ResourceItem({ country, document }: { country: CountryCode; document: LibraryDocumentDto }) {
  const { t } = useLingui();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function download() {
    setPending(true);
    setFailure(null);
    try {
      await downloadDocument(country, document);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
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
        {failure && (
          <p className="field__error" role="alert">
            {failure}
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={pending}
        aria-label={t`Descargar ${document.title}`}
        onClick={() => void download()}
      >
        {pending ? t`Descargando…` : t`Descargar`}
      </button>
    </article>
  );
}
