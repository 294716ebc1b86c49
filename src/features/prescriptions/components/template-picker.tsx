import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/http';
import type { CountryCode } from '../../../lib/shared/countries';
import type { TemplateDto } from '../../../lib/shared/prescriptions';
import { templateQueries } from '../api';
import { formatDate } from '../format';

interface TemplatePickerProps {
  country: CountryCode;
  viewer: string;
  selectedId: number | null;
  onApply: (template: TemplateDto) => void;
}

/** Starts the draft from one of the professional's templates (resolved against today's catalogue). */
export function TemplatePicker({ country, viewer, selectedId, onApply }: TemplatePickerProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(templateQueries.list(country, viewer));
  const [chosen, setChosen] = useState<string>(selectedId ? String(selectedId) : '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const templates = list.data?.data ?? [];

  async function apply() {
    const id = Number(chosen);
    if (!id) return;
    setPending(true);
    setFailure(null);
    try {
      onApply(await queryClient.fetchQuery(templateQueries.detail(country, viewer, id)));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (list.isSuccess && templates.length === 0) return null;
  return (
    <details className="card template-picker">
      <summary>
        <Trans>Empezar desde una plantilla</Trans>
      </summary>
      <div className="stack">
        {list.isError && (
          <p className="alert" role="alert">
            {errorMessage(list.error)}
          </p>
        )}
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
            {templates.map(({ id, name, toolCount, createdAt }) => {
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
    </details>
  );
}
