import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FileField } from '../../../components/ui/file-field';
import { QueryStatus } from '../../../components/ui/query-status';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import { countryById } from '../../../lib/shared/countries';
import {
  DOCUMENT_KINDS,
  LIBRARY_DOCUMENT_MAX_BYTES,
  type DocumentKind,
  type LibraryDocumentDto,
} from '../../../lib/shared/prescriptions';
import { DOCUMENT_KIND_LABELS } from '../../../lib/shared/prescription-labels';
import { libraryDocumentChangesSchema, newLibraryDocumentSchema } from '../../../lib/shared/upload-schemas';
import { useCountry } from '../../../lib/use-country';
import { libraryQueries, useRemoveLibraryDocument, useSaveLibraryDocument } from '../api';
import { adminSchemaMessage } from '../schema-messages';
import { textFieldBinder } from '../text-field-binder';
import { AdminPage } from './admin-page';
import { DataTable, EditRowButton, RowActions } from './data-table';
import { CountryOptions, SubmitButton } from './form-controls';
import { ErrorAlert, SuccessNotice } from './outcome-messages';

const MAX_MB = LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024;

interface DocumentForm {
  kind: DocumentKind;
  title: string;
  description: string;
  countryId: string;
  file: File | null;
}

const emptyForm = (): DocumentForm => ({ kind: 'template', title: '', description: '', countryId: '', file: null });

/** Admin `libreria`: the documents professionals read in their medical resources, per country or for all. */
export function LibraryPage() {
  const { t } = useLingui();
  const country = useCountry();
  const save = useSaveLibraryDocument(country);
  const removal = useRemoveLibraryDocument(country);
  const list = useQuery(libraryQueries.list(country));
  const [editing, setEditing] = useState<LibraryDocumentDto | null>(null);
  const [form, setForm] = useState<DocumentForm>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<keyof DocumentForm, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  // One alert for both writes: each clears the other's failure when it starts.
  const failed = save.error ?? removal.error;
  const failure = failed ? errorMessage(failed) : null;
  const [fileInputKey, setFileInputKey] = useState(0);

  function edit(document: LibraryDocumentDto | null) {
    setEditing(document);
    setErrors({});
    save.reset();
    removal.reset();
    setFileInputKey((key) => key + 1);
    setForm(
      document
        ? {
            kind: document.kind,
            title: document.title,
            description: document.description,
            countryId: document.countryId === null ? '' : String(document.countryId),
            file: null,
          }
        : emptyForm(),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    save.reset();
    removal.reset();
    setNotice(null);
    // The server's schema of the form, so the page refuses what the server would; the file's size is the route's.
    const schema = editing ? libraryDocumentChangesSchema : newLibraryDocumentSchema;
    const parsed = schema.safeParse({ ...form, file: form.file ?? undefined });
    const found: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      found[issue.path[0] as keyof DocumentForm] ??= t(adminSchemaMessage(issue.message));
    }
    if (form.file && form.file.size > LIBRARY_DOCUMENT_MAX_BYTES) {
      found.file ??= t`El documento supera el tamaño máximo de ${MAX_MB} MB.`;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    const input = { ...parsed.data, file: form.file };
    // A failure is shown from `save.error`; the form keeps what was typed.
    const saved = await save.mutateAsync({ id: editing?.id ?? null, input }).catch(() => null);
    if (!saved) return;
    setNotice(editing ? t`Actualizamos «${saved.title}».` : t`Subimos «${saved.title}» a la librería.`);
    edit(null);
  }

  async function remove(document: LibraryDocumentDto) {
    if (!window.confirm(t`¿Eliminar «${document.title}» de la librería?`)) return;
    save.reset();
    // A failure is shown from `removal.error`.
    const removed = await removal.mutateAsync(document.id).then(
      () => true,
      () => false,
    );
    if (!removed) return;
    setNotice(t`Eliminamos «${document.title}».`);
    if (editing?.id === document.id) edit(null);
  }

  const documents = list.data?.data ?? [];
  const field = textFieldBinder(
    form,
    (name) => errors[name],
    (name, value) => setForm({ ...form, [name]: value }),
  );

  return (
    <AdminPage title={<Trans>Librería</Trans>}>
      <SuccessNotice message={notice} />
      <form
        className="stack"
        noValidate
        aria-label={editing ? t`Editar documento` : t`Subir documento`}
        onSubmit={(event) => void submit(event)}
      >
        <h2>{editing ? t`Editar «${editing.title}»` : t`Subir documento`}</h2>
        <div className="form-grid">
          <TextField label={t`Título`} required {...field('title')} />
          <SelectField
            label={t`Categoría`}
            required
            value={form.kind}
            onValueChange={(kind) => setForm({ ...form, kind: kind as DocumentKind })}
          >
            {DOCUMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(DOCUMENT_KIND_LABELS[kind])}
              </option>
            ))}
          </SelectField>
          <SelectField label={t`País`} {...field('countryId')}>
            <option value="">{t`Todos los países`}</option>
            <CountryOptions />
          </SelectField>
        </div>
        <TextField label={t`Descripción`} {...field('description')} />
        <FileField
          key={fileInputKey}
          label={editing ? t`Reemplazar archivo (opcional)` : t`Archivo`}
          required={!editing}
          error={errors.file}
          help={t`PDF o imagen JPG, PNG o WEBP, máximo ${MAX_MB} MB.`}
          accept="application/pdf,image/png,image/jpeg,image/webp"
          onFiles={([file]) => setForm({ ...form, file: file ?? null })}
        />
        <ErrorAlert message={failure} />
        <div className="form-actions">
          {editing && (
            <button type="button" className="button button--ghost" onClick={() => edit(null)} disabled={save.isPending}>
              <Trans>Cancelar</Trans>
            </button>
          )}
          <SubmitButton pending={save.isPending}>{editing ? t`Guardar cambios` : t`Subir documento`}</SubmitButton>
        </div>
      </form>

      <QueryStatus query={list} loading={<Trans>Cargando documentos…</Trans>} />
      {list.data && documents.length === 0 && (
        <p className="empty-state">
          <Trans>La librería está vacía.</Trans>
        </p>
      )}
      {documents.length > 0 && (
        <DataTable
          caption={t`Documentos de la librería`}
          columns={[t`Título`, t`Categoría`, t`País`, t`Archivo`, t`Acciones`]}
        >
          {documents.map((document) => (
            <tr key={document.id}>
              <th scope="row">{document.title}</th>
              <td data-label={t`Categoría`}>{t(DOCUMENT_KIND_LABELS[document.kind])}</td>
              <td data-label={t`País`}>
                {document.countryId === null ? t`Todos` : (countryById(document.countryId)?.name ?? '—')}
              </td>
              <td data-label={t`Archivo`}>
                <a href={document.url} download={document.fileName}>
                  {document.fileName}
                </a>
              </td>
              <RowActions>
                <EditRowButton name={document.title} onClick={() => edit(document)} />
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t`Eliminar ${document.title}`}
                  onClick={() => void remove(document)}
                >
                  <Trans>Eliminar</Trans>
                </button>
              </RowActions>
            </tr>
          ))}
        </DataTable>
      )}
    </AdminPage>
  );
}
