import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import { TEMPLATE_NAME_MAX_LENGTH, type CreateTemplateRequestDto } from '../../../lib/shared/prescriptions';
import { createTemplate, templateQueries } from '../api';

interface SaveTemplateFormProps {
  country: CountryCode;
  /** The template's source: one of the professional's prescriptions, or the draft's tools. */
  source: Omit<CreateTemplateRequestDto, 'name'>;
  suggestedName: string;
}

/** Saves a prescription (or the draft's tools) as a reusable template. */
export function SaveTemplateForm({ country, source, suggestedName }: SaveTemplateFormProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(suggestedName);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!name.trim()) return;
    setPending(true);
    try {
      const template = await createTemplate(country, { ...source, name: name.trim() });
      await queryClient.invalidateQueries({ queryKey: templateQueries.all(country) });
      setSaved(template.name);
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (!open) {
    return (
      <div className="stack">
        {saved && (
          <p className="notice notice--success" role="status">
            <Trans>Guardamos la plantilla «{saved}». La encontrarás al iniciar una nueva estrategia.</Trans>
          </p>
        )}
        <div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSaved(null);
              setOpen(true);
            }}
          >
            <Trans>Guardar como plantilla</Trans>
          </button>
        </div>
      </div>
    );
  }
  return (
    <form className="card stack" onSubmit={(event) => void submit(event)} noValidate aria-label={t`Guardar plantilla`}>
      <TextField
        label={t`Nombre de la plantilla`}
        required
        maxLength={TEMPLATE_NAME_MAX_LENGTH}
        value={name}
        onValueChange={setName}
        error={submitted && !name.trim() ? t`Debes completar este campo` : undefined}
      />
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={() => setOpen(false)} disabled={pending}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t`Guardando…` : t`Guardar plantilla`}
        </button>
      </div>
    </form>
  );
}
