import { Trans, useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/field';
import { NotesField } from '../../../components/ui/notes-field';
import type { CountryCode } from '../../../lib/shared/countries';
import {
  DURATION_UNITS,
  INDICATIONS_MAX_LENGTH,
  MOMENT_GROUPS,
  MOMENT_MAX_QUANTITY,
  TOOL_MAX_DAILY_CAPSULES,
  TOOL_MAX_UNITS,
  type DurationUnit,
  type PrescriptionSettingsDto,
} from '../../../lib/shared/prescriptions';
import type { DraftTool } from '../draft';
import { dailyCapsulesOf, setMomentQuantity, suggestedUnits, toggleMoment } from '../draft-rules';
import type { ToolChecks } from '../lazy-tool-checks';
import { formatQuantity } from '../../../lib/prescription-format';
import { durationText, unitsText } from '../indications-text';
import { DURATION_UNIT_LABELS, MOMENT_GROUP_LABELS, MOMENT_LABELS } from '../../../lib/shared/prescription-labels';
import { ToolImage } from './tool-image';

interface IndicationsStepProps {
  country: CountryCode;
  /** The shared schema's checks, which the builder loads before showing this step. */
  checks: ToolChecks;
  /** The admins' prescription settings: a moment's label and whether new indications may use it. */
  moments: PrescriptionSettingsDto['moments'];
  tools: DraftTool[];
  selectedTool: number | null;
  /** Messages show after the first attempt to go on. */
  showErrors: boolean;
  onSelect: (productId: number) => void;
  onChange: (productId: number, update: (tool: DraftTool) => DraftTool) => void;
  onRemove: (productId: number) => void;
}

/** A number typed in a field: empty or unreadable is 0, which the checks then flag. */
function numberFrom(value: string): number {
  const parsed = Number(value.replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Step 3 (product §3 indications): time of day with quantities, duration, notes, daily capsules, product units. */
export function IndicationsStep(props: IndicationsStepProps) {
  const { t } = useLingui();
  const { checks, tools, selectedTool, onSelect } = props;
  const tool = tools.find((candidate) => candidate.productId === selectedTool) ?? tools[0];
  if (!tool) return null;
  return (
    <div className="indications">
      <nav aria-label={t`Herramientas de la estrategia`} className="indications__tools">
        <ul className="plain-list">
          {tools.map((candidate) => {
            const complete = checks.toolIsComplete(candidate);
            return (
              <li key={candidate.productId}>
                <button
                  type="button"
                  className={
                    candidate.productId === tool.productId
                      ? 'indications__tab indications__tab--current'
                      : 'indications__tab'
                  }
                  aria-current={candidate.productId === tool.productId ? 'true' : undefined}
                  onClick={() => onSelect(candidate.productId)}
                >
                  <span>{candidate.name}</span>
                  <span className={complete ? 'status status--approved' : 'status status--pending'}>
                    {complete ? t`Completa` : t`Pendiente`}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <ToolIndications key={tool.productId} {...props} tool={tool} />
    </div>
  );
}

function ToolIndications({
  checks,
  country,
  moments,
  tool,
  showErrors,
  onChange,
  onRemove,
}: IndicationsStepProps & { tool: DraftTool }) {
  const { t, i18n } = useLingui();
  const errors = showErrors ? checks.toolErrors(tool) : {};
  const update = (change: (current: DraftTool) => DraftTool) => onChange(tool.productId, change);
  const daily = dailyCapsulesOf({ ...tool, dailyCapsules: null });
  const suggestion = suggestedUnits(tool);

  return (
    <section className="card stack indications__editor" aria-labelledby="indications-tool">
      <div className="indications__header">
        <ToolImage url={tool.imageUrl} size={72} />
        <div>
          <h3 id="indications-tool">{tool.name}</h3>
          {tool.presentation && <p className="muted">{tool.presentation}</p>}
          {tool.capsuleInfo && <p className="muted">{tool.capsuleInfo}</p>}
        </div>
        <button type="button" className="button button--ghost" onClick={() => onRemove(tool.productId)}>
          <Trans>Quitar herramienta</Trans>
        </button>
      </div>

      <fieldset className="stack" aria-describedby={errors.momentsDay ? 'moments-error' : undefined}>
        <legend className="field__label">
          <Trans>Momento del día</Trans>
          <span className="field__required" aria-hidden="true">
            {' *'}
          </span>
        </legend>
        <div className="moment-groups">
          {MOMENT_GROUPS.map((group) => (
            <div key={group.id} className="moment-group">
              <p className="moment-group__title">{i18n._(MOMENT_GROUP_LABELS[group.id])}</p>
              {group.moments.map((moment) => {
                const chosen = tool.momentsDay.find((candidate) => candidate.id === moment.id);
                const setting = moments.find((candidate) => candidate.id === moment.id);
                // A hidden moment stays visible on a tool that already uses it (a template, an older draft).
                if (setting && !setting.enabled && !chosen) return null;
                const label = setting?.label ?? i18n._(MOMENT_LABELS[moment.id]);
                return (
                  <div key={moment.id} className="moment">
                    <label className="moment__check">
                      <input
                        type="checkbox"
                        checked={chosen !== undefined}
                        onChange={() => update((current) => toggleMoment(current, moment.id))}
                      />
                      {label}
                    </label>
                    {chosen && (
                      <input
                        type="number"
                        className="input moment__quantity"
                        min={0.25}
                        max={MOMENT_MAX_QUANTITY}
                        step={0.25}
                        inputMode="decimal"
                        aria-label={t`Cantidad ${label}`}
                        value={chosen.quantity || ''}
                        onChange={(event) =>
                          update((current) => setMomentQuantity(current, moment.id, numberFrom(event.target.value)))
                        }
                      />
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {errors.momentsDay && (
          <p id="moments-error" className="field__error" role="alert">
            {errors.momentsDay}
          </p>
        )}
      </fieldset>

      <div className="form-grid">
        <Field label={t`Duración`} required error={errors.duration}>
          {(control) => (
            <div className="duration">
              <NumberInput
                control={control}
                min={1}
                step={1}
                value={tool.prescriptionDuration.quantity || ''}
                onNumber={(quantity) =>
                  update((current) => ({
                    ...current,
                    prescriptionDuration: { ...current.prescriptionDuration, quantity },
                  }))
                }
              />
              <select
                className="input"
                aria-label={t`Unidad de la duración`}
                value={tool.prescriptionDuration.time}
                onChange={(event) =>
                  update((current) => ({
                    ...current,
                    prescriptionDuration: { ...current.prescriptionDuration, time: event.target.value as DurationUnit },
                  }))
                }
              >
                {DURATION_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {i18n._(DURATION_UNIT_LABELS[unit])}
                  </option>
                ))}
              </select>
            </div>
          )}
        </Field>
        <Field
          label={t`Cápsulas diarias`}
          error={errors.dailyCapsules}
          help={t`Si lo dejas vacío usamos la suma de los momentos: ${formatQuantity(daily, country)}.`}
        >
          {(control) => (
            <NumberInput
              control={control}
              min={0.25}
              max={TOOL_MAX_DAILY_CAPSULES}
              step={0.25}
              placeholder={formatQuantity(daily, country)}
              value={tool.dailyCapsules ?? ''}
              onNumber={(dailyCapsules, typed) =>
                update((current) => ({ ...current, dailyCapsules: typed.trim() === '' ? null : dailyCapsules }))
              }
            />
          )}
        </Field>
        <Field
          label={t`Unidades del producto`}
          required
          error={errors.units}
          help={
            suggestion === null
              ? undefined
              : tool.units > 0 && tool.units < suggestion
                ? t`Para ${durationText(tool.prescriptionDuration)} se necesitan ${unitsText(suggestion)}: con ${unitsText(tool.units)} no alcanza.`
                : t`Para ${durationText(tool.prescriptionDuration)} se necesitan ${unitsText(suggestion)}.`
          }
        >
          {(control) => (
            <div className="duration">
              <NumberInput
                control={control}
                min={1}
                max={TOOL_MAX_UNITS}
                step={1}
                value={tool.units || ''}
                onNumber={(units) => update((current) => ({ ...current, units }))}
              />
              {suggestion !== null && suggestion !== tool.units && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => update((current) => ({ ...current, units: suggestion }))}
                >
                  <Trans>Usar {suggestion}</Trans>
                </button>
              )}
            </div>
          )}
        </Field>
      </div>
      <NotesField
        label={t`Notas e indicaciones`}
        rows={3}
        maxLength={INDICATIONS_MAX_LENGTH}
        value={tool.prescriptionIndications}
        onValueChange={(value) => update((current) => ({ ...current, prescriptionIndications: value }))}
        error={errors.prescriptionIndications}
      />
    </section>
  );
}

interface NumberInputProps {
  /** The ids `Field` gives its control. */
  control: { id: string; describedBy: string | undefined; invalid: boolean };
  min: number;
  max?: number;
  /** Whole steps type on the numeric keypad, fractions on the decimal one. */
  step: number;
  placeholder?: string;
  value: number | '';
  /** The number typed (0 when it is not one) and the text as typed. */
  onNumber: (value: number, typed: string) => void;
}

/** A quantity of the indications: a number input tied to its field's label, help and error. */
function NumberInput({ control, min, max, step, placeholder, value, onNumber }: NumberInputProps) {
  return (
    <input
      id={control.id}
      type="number"
      className="input"
      min={min}
      max={max}
      step={step}
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      aria-invalid={control.invalid}
      aria-describedby={control.describedBy}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onNumber(numberFrom(event.target.value), event.target.value)}
    />
  );
}
