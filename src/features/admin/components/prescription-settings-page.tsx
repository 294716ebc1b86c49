import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/http';
import {
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_GROUPS,
  MOMENT_LABEL_MAX_LENGTH,
  type DurationUnit,
  type PrescriptionSettingsDto,
} from '../../../lib/shared/prescriptions';
import { prescriptionSettingsInputSchema } from '../../../lib/shared/prescription-settings-schemas';
import { useCountry } from '../../../lib/use-country';
import { prescriptionSettingsQueries } from '../../prescriptions/api';
import { DURATION_UNIT_LABELS, MOMENT_GROUP_LABELS, MOMENT_LABELS } from '../../../lib/shared/prescription-labels';
import { adminProductQueries, useSavePrescriptionSettings } from '../api';
import { schemaMessage, serverFieldErrors } from '../product-form';
import { AdminPage } from './admin-page';
import { FirstLoadStatus } from './first-load-status';
import { SubmitButton } from './form-controls';
import { ErrorAlert, SuccessNotice } from './outcome-messages';

/** Admin `configuracion-prescripcion`: the options and defaults of the prescription builder. */
export function PrescriptionSettingsPage() {
  const { t } = useLingui();
  const country = useCountry();
  const query = useQuery(prescriptionSettingsQueries.current(country));
  if (!query.data) return <FirstLoadStatus query={query} loading={t`Cargando configuración…`} />;
  return (
    <>
      <SettingsForm initial={query.data} />
      <SignedPrescriptionProducts />
    </>
  );
}

/** Product §9 gates the hormones category; admins mark other products in the product editor. */
function SignedPrescriptionProducts() {
  const { t } = useLingui();
  const country = useCountry();
  const list = useQuery(adminProductQueries.signedPrescription(country));
  return (
    <section className="stack" aria-labelledby="signed-prescription-title">
      <h2 id="signed-prescription-title">
        <Trans>Productos que requieren prescripción firmada</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Sus pedidos esperan una prescripción firmada y validada antes del despacho. Las hormonas bioidénticas la
          requieren siempre; marca o desmarca los demás desde el editor de cada producto en Herramientas funcionales.
        </Trans>
      </p>
      {list.isError && (
        <RetryAlert message={errorMessage(list.error)} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      )}
      {list.data && (
        <ul className="plain-list" aria-label={t`Productos que requieren prescripción firmada`}>
          {list.data.data.map((product) => (
            <li key={product.id}>
              {product.name} <span className="muted">· {product.categoryName}</span>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > list.data.data.length && (
        <p className="muted">
          <Trans>Y {list.data.total - list.data.data.length} más: búscalos en Herramientas funcionales.</Trans>
        </p>
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: PrescriptionSettingsDto }) {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const save = useSavePrescriptionSettings(country);
  const [settings, setSettings] = useState(initial);
  const [duration, setDuration] = useState(String(initial.defaultDuration.quantity));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const setMoment = (id: number, change: Partial<PrescriptionSettingsDto['moments'][number]>) =>
    setSettings((current) => ({
      ...current,
      moments: current.moments.map((moment) => (moment.id === id ? { ...moment, ...change } : moment)),
    }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    // The server's own schema; its Spanish messages through the catalogue (the same words), per field.
    const parsed = prescriptionSettingsInputSchema.safeParse({
      ...settings,
      defaultDuration: { ...settings.defaultDuration, quantity: duration.trim() === '' ? NaN : Number(duration) },
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.');
        found[field] ??=
          field === 'moments'
            ? t`Deja al menos un momento del día disponible.`
            : field === 'defaultDuration'
              ? t`La duración debe ser un número entero de 1 a 365 días.`
              : i18n._(schemaMessage(issue.message));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setNotice(t`Guardamos la configuración de prescripción.`);
    } catch (error) {
      const fields = error instanceof ApiError ? serverFieldErrors(error.errors, error.fieldErrors) : {};
      setErrors(fields);
      setFailure(Object.values(fields).join('\n') || errorMessage(error));
    }
  }

  return (
    <AdminPage title={<Trans>Configuración de prescripción</Trans>}>
      <SuccessNotice message={notice} />
      <form className="stack" noValidate aria-label={t`Configuración de prescripción`} onSubmit={(e) => void submit(e)}>
        <fieldset className="stack">
          <legend className="field__label">{t`Momentos del día`}</legend>
          <p className="muted">
            <Trans>
              Cambia el nombre que ve el profesional o deja de ofrecer un momento en las nuevas prescripciones. Las
              prescripciones ya emitidas no cambian.
            </Trans>
          </p>
          {errors.moments && (
            <p className="field__error" role="alert">
              {errors.moments}
            </p>
          )}
          {MOMENT_GROUPS.map((group) => (
            <div key={group.id} className="stack" role="group" aria-label={i18n._(MOMENT_GROUP_LABELS[group.id])}>
              <h2 className="moment-group__title">{i18n._(MOMENT_GROUP_LABELS[group.id])}</h2>
              <div className="form-grid">
                {group.moments.map((standard) => {
                  const moment = settings.moments.find((candidate) => candidate.id === standard.id);
                  const standardLabel = i18n._(MOMENT_LABELS[standard.id]);
                  const position = settings.moments.findIndex((candidate) => candidate.id === standard.id);
                  return (
                    <div key={standard.id} className="stack">
                      <TextField
                        label={t`Nombre de «${standardLabel}»`}
                        maxLength={MOMENT_LABEL_MAX_LENGTH}
                        placeholder={standardLabel}
                        value={moment?.label ?? ''}
                        error={errors[`moments.${position}`]}
                        onValueChange={(label) => setMoment(standard.id, { label })}
                      />
                      <CheckboxChoice
                        label={t`Ofrecer «${moment?.label || standardLabel}»`}
                        checked={moment?.enabled ?? true}
                        onCheckedChange={(enabled) => setMoment(standard.id, { enabled })}
                      />
                    </div>
                  );
                })}
              </div>
            </div>
          ))}
        </fieldset>

        <fieldset className="stack">
          <legend className="field__label">{t`Valores con los que empieza cada herramienta`}</legend>
          <div className="form-grid">
            <TextField
              label={t`Duración predeterminada`}
              inputMode="numeric"
              value={duration}
              error={errors.defaultDuration}
              onValueChange={setDuration}
            />
            <SelectField
              label={t`Unidad de la duración`}
              value={settings.defaultDuration.time}
              onValueChange={(time) =>
                setSettings({
                  ...settings,
                  defaultDuration: { ...settings.defaultDuration, time: time as DurationUnit },
                })
              }
            >
              {DURATION_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {i18n._(DURATION_UNIT_LABELS[unit])}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label={t`Notas e indicaciones predeterminadas`}
            rows={3}
            maxLength={INDICATIONS_MAX_LENGTH}
            value={settings.defaultIndications}
            error={errors.defaultIndications}
            onValueChange={(defaultIndications) => setSettings({ ...settings, defaultIndications })}
          />
        </fieldset>
        <ErrorAlert message={failure} />
        <div className="form-actions">
          <SubmitButton pending={save.isPending}>{t`Guardar configuración`}</SubmitButton>
        </div>
      </form>
    </AdminPage>
  );
}
