import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { formatPoints, formatPrice } from '../../../lib/money';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { pointsToMoney, type PointsConfigDto } from '../../../lib/shared/points';
import { useUpdatePointsConfig } from '../../points/admin-api';
import {
  checkConfigForm,
  CONFIG_SERVER_FIELDS,
  parseDecimal,
  type ConfigField,
  type ConfigForm,
} from '../../points/admin-items';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { pointsFailure, type PointsFailure } from '../../points/points-messages';
import { textFieldBinder } from '../text-field-binder';
import { SubmitButton } from './form-controls';
import { DetailedErrorAlert } from './outcome-messages';

/** The points an example conversion shows (product §9: points × pointValue). */
const EXAMPLE_POINTS = 1_000;

interface PointsConfigFormProps {
  /** The route's country: whose session makes the call. */
  country: CountryCode;
  /** The country whose config this form edits. */
  target: CountryCode;
  config: PointsConfigDto | undefined;
}

function formFrom(config: PointsConfigDto | undefined): ConfigForm {
  return {
    pointValue: config ? String(config.pointValue) : '',
    purchaseRewardPercent: config ? String(config.purchaseRewardPercent) : '',
    prescriptionRewardPercent: config ? String(config.prescriptionRewardPercent) : '',
  };
}

/** One country's point value and reward percentages, with the money a thousand points are worth. */
export function PointsConfigForm({ country, target, config }: PointsConfigFormProps) {
  const { t } = useLingui();
  const update = useUpdatePointsConfig(country);
  const info = COUNTRIES[target];
  const [form, setForm] = useState<ConfigForm>(() => formFrom(config));
  const [errors, setErrors] = useState<Partial<Record<ConfigField, string>>>({});
  const [saved, setSaved] = useState(false);
  // The fields say what the server refused; the alert only points at them.
  const failure: PointsFailure | null = update.error
    ? Object.keys(serverFieldErrors(update.error, CONFIG_SERVER_FIELDS)).length > 0
      ? { message: t`Revisa los campos marcados.`, detail: null }
      : pointsFailure(update.error, 'updateConfig')
    : null;

  const countryName = info.name;
  const currency = info.currency;
  const pointValue = parseDecimal(form.pointValue);
  const examplePoints = formatPoints(EXAMPLE_POINTS, target);
  const exampleMoney = pointValue > 0 ? formatPrice(pointsToMoney(EXAMPLE_POINTS, pointValue), target) : null;
  const unit = info.useCents ? t`En centavos de ${currency} por punto.` : t`En ${currency} por punto.`;

  function change(field: ConfigField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaved(false);
  }
  const field = textFieldBinder(form, (name) => errors[name], change);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkConfigForm(form);
    setErrors(problems);
    update.reset();
    setSaved(false);
    if (Object.keys(problems).length > 0) return;
    const changes = {
      pointValue: parseDecimal(form.pointValue),
      purchaseRewardPercent: parseDecimal(form.purchaseRewardPercent),
      prescriptionRewardPercent: parseDecimal(form.prescriptionRewardPercent),
    };
    // A refusal marks the fields it names; the alert reads `update.error`.
    const stored = await update
      .mutateAsync({ countryId: info.countryId, changes })
      .catch((error: unknown) => setErrors(serverFieldErrors(error, CONFIG_SERVER_FIELDS)));
    if (stored) setSaved(true);
  }

  return (
    <form
      className="card points-config"
      aria-label={t`Configuración de puntos de ${countryName}`}
      noValidate
      onSubmit={submit}
    >
      <h3 className="points-config__country">{countryName}</h3>
      {!config && (
        <p className="notice">
          <Trans>Este país aún no tiene programa de puntos: indica los tres valores para activarlo.</Trans>
        </p>
      )}
      <div className="form-grid">
        <TextField label={t`Valor del punto`} required inputMode="decimal" help={unit} {...field('pointValue')} />
        <TextField
          label={t`Porcentaje por compras propias`}
          required
          inputMode="decimal"
          help={t`Lo que el profesional recibe en puntos de lo que paga en sus pedidos (%).`}
          {...field('purchaseRewardPercent')}
        />
        <TextField
          label={t`Porcentaje por compras de pacientes`}
          required
          inputMode="decimal"
          help={t`Lo que el profesional recibe en puntos de lo que pagan sus pacientes (%).`}
          {...field('prescriptionRewardPercent')}
        />
      </div>
      {exampleMoney && (
        <p className="points-config__example" data-testid={`points-example-${target}`}>
          <Trans>
            Ejemplo: {examplePoints} = {exampleMoney}
          </Trans>
        </p>
      )}
      <DetailedErrorAlert failure={failure} />
      {saved && (
        <p className="notice notice--success" role="status">
          <Trans>Configuración de {countryName} guardada.</Trans>
        </p>
      )}
      <div className="form-actions">
        <SubmitButton pending={update.isPending}>{t`Guardar`}</SubmitButton>
      </div>
    </form>
  );
}
