import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataAge } from '../../../components/ui/data-age';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { TemplateDto } from '../../../lib/shared/prescriptions';
import { useOnline } from '../../../lib/use-online';
import { useSession } from '../../../lib/session/use-session';
import { templateQueries, TEMPLATES_ON_DEVICE_MAX } from '../api';
import { formatDate } from '../../../lib/prescription-format';
import { usePendingTemplates } from '../pending-templates';

/** A template's content fetched ahead is asked again after this long (it is asked again anyway when applied). */
const TEMPLATE_AHEAD_STALE_MS = 60 * 60 * 1000;

interface TemplatePickerProps {
  country: CountryCode;
  viewer: string;
  selectedId: number | null;
  onApply: (template: TemplateDto) => void;
}

/**
 * Starts the draft from one of the professional's templates (resolved against today's catalogue when online, from
 * the copy on the device without connection). Templates saved offline are listed as pending, not yet usable. Closed
 * above the builder's first step, it renders its choices only once opened (each names its date).
 */
export function TemplatePicker({ country, viewer, selectedId, onApply }: TemplatePickerProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const author = useSession(country)?.user.uid;
  const [opened, setOpened] = useState(false);
  const list = useQuery(templateQueries.list(country, viewer));
  const pendingTemplates = usePendingTemplates(country, author);
  const [chosen, setChosen] = useState<string>(selectedId ? String(selectedId) : '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const templates = list.data?.data;

  // Online, the newest templates' contents come to the device, so a clinic without connection can start from them.
  useEffect(() => {
    if (!online || !templates) return;
    for (const template of templates.slice(0, TEMPLATES_ON_DEVICE_MAX)) {
      void queryClient.prefetchQuery({
        ...templateQueries.detail(country, viewer, template.id),
        staleTime: TEMPLATE_AHEAD_STALE_MS,
      });
    }
  }, [online, templates, queryClient, country, viewer]);

  async function apply() {
    const id = Number(chosen);
    if (!id) return;
    setPending(true);
    setFailure(null);
    const options = templateQueries.detail(country, viewer, id);
    try {
      onApply(await queryClient.fetchQuery(options));
    } catch (error) {
      const kept = queryClient.getQueryData(options.queryKey);
      if (kept) onApply(kept);
      else
        setFailure(
          navigator.onLine
            ? errorMessage(error)
            : t`Esta plantilla no está guardada en este dispositivo. Ábrela cuando vuelvas a tener conexión.`,
        );
    } finally {
      setPending(false);
    }
  }

  // With no template it is hidden rather than removed: an answer that is empty for a moment (the device's older copy,
  // then the server's) must not close a picker the professional had just opened. Before the first answer it is hidden
  // too: shown and then hidden by an empty answer after the first paint, it moved the whole step up (Lighthouse's
  // builder, CLS 0.042, whenever the answer came after the paint).
  const hidden = !list.isError && (templates ?? []).length === 0 && pendingTemplates.length === 0;
  return (
    <details
      className="card template-picker"
      hidden={hidden}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>
        <Trans>Empezar desde una plantilla</Trans>
      </summary>
      {opened && (
        <div className="stack">
          {list.isError && !templates && (
            <p className="alert" role="alert">
              {errorMessage(list.error)}
            </p>
          )}
          {templates && (!online || list.isError) && <DataAge updatedAt={list.dataUpdatedAt} />}
          <div className="field">
            <label className="field__label" htmlFor="template-choice">
              <Trans>Plantilla</Trans>
            </label>
            <select
              id="template-choice"
              className="input"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">{t`Selecciona`}</option>
              {(templates ?? []).map(({ id, name, toolCount, createdAt }) => {
                const created = formatDate(createdAt, country);
                return (
                  <option key={id} value={id}>
                    {plural(toolCount, {
                      one: `${name} · # herramienta · ${created}`,
                      other: `${name} · # herramientas · ${created}`,
                    })}
                  </option>
                );
              })}
            </select>
          </div>
          {pendingTemplates.length > 0 && (
            <ul className="plain-list stack" aria-label={t`Plantillas por enviar`}>
              {pendingTemplates.map((template) => (
                <li key={template.key} className="template-picker__pending">
                  <span>{template.name}</span>{' '}
                  <span className={template.state === 'rejected' ? 'badge badge--warning' : 'badge badge--muted'}>
                    {template.state === 'rejected' ? t`No se pudo guardar` : t`Pendiente de envío`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="muted">
            <Trans>Las herramientas de la plantilla reemplazan las que hayas elegido; el paciente se mantiene.</Trans>
          </p>
          {failure && (
            <p className="alert" role="alert">
              {failure}
            </p>
          )}
          <div>
            <button
              type="button"
              className="button button--secondary"
              disabled={!chosen || pending}
              onClick={() => void apply()}
            >
              {pending ? t`Cargando plantilla…` : t`Usar plantilla`}
            </button>
          </div>
        </div>
      )}
    </details>
  );
}
