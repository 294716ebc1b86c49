import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/http';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { outboxPagePath } from '../../../lib/outbox';
import type { CountryCode } from '../../../lib/shared/countries';
import { isQueuedAnswer } from '../../../lib/shared/outbox';
import { TEMPLATE_NAME_MAX_LENGTH, type CreateTemplateRequestDto } from '../../../lib/shared/prescriptions';
import { useSession } from '../../../lib/session/use-session';
import { useCreateTemplate } from '../api';
import { toolChecks } from '../lazy-tool-checks';
import { useLazyModule } from '../../../lib/lazy-module';

interface SaveTemplateFormProps {
  country: CountryCode;
  /** The template's source: one of the professional's prescriptions, or the draft's tools. */
  source: Omit<CreateTemplateRequestDto, 'name'>;
  suggestedName: string;
}

/**
 * Saves a prescription (or the draft's tools) as a reusable template. Without connection the service worker keeps
 * it and sends it once when the connection comes back.
 */
export function SaveTemplateForm({ country, source, suggestedName }: SaveTemplateFormProps) {
  const { t } = useLingui();
  const creation = useCreateTemplate(country);
  const author = useSession(country)?.user.uid ?? '';
  const submission = useIdempotencyKey();
  const [open, setOpen] = useState(false);
  // The name is checked with the shared schema, asked for when the form opens (the builder's summary has it already).
  const checks = useLazyModule(toolChecks, open);
  const [name, setName] = useState(suggestedName);
  const [submitted, setSubmitted] = useState(false);
  const pending = creation.isPending;
  const failure = creation.error ? errorMessage(creation.error) : null;
  const [saved, setSaved] = useState<{ name: string; queued: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    creation.reset();
    if (!checks || checks.templateNameError(name)) return;
    const body = { ...source, name: name.trim() };
    // A failure is shown from `creation.error`, in the form that stays open.
    const answer = await creation
      .mutateAsync({ body, idempotencyKey: submission.current(body), author })
      .catch(() => null);
    if (answer === null) return;
    submission.renew();
    setSaved(isQueuedAnswer(answer) ? { name: body.name, queued: true } : { name: answer.name, queued: false });
    setOpen(false);
  }

  if (!open) {
    const savedName = saved?.name ?? '';
    return (
      <div className="stack">
        {saved && !saved.queued && (
          <p className="notice notice--success" role="status">
            <Trans>Guardamos la plantilla «{savedName}». La encontrarás al iniciar una nueva estrategia.</Trans>
          </p>
        )}
        {saved?.queued && (
          <p className="notice" role="status">
            <Trans>
              Sin conexión: la plantilla «{savedName}» quedó guardada en este dispositivo y se enviará al recuperar la
              conexión.
            </Trans>{' '}
            <Link to={outboxPagePath(country)}>
              <Trans>Ver envíos pendientes</Trans>
            </Link>
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
        error={submitted ? checks?.templateNameError(name) : undefined}
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
        <button type="submit" className="button button--primary" disabled={pending || !checks}>
          {pending ? t`Guardando…` : t`Guardar plantilla`}
        </button>
      </div>
    </form>
  );
}
