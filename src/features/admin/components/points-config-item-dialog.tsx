import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { BusyDialog } from '../../../components/ui/busy-dialog';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../lib/shared/countries';
import { useSavePointsItem } from '../../points/admin-api';
import {
  checkItemForm,
  ITEM_SERVER_FIELDS,
  itemFormFrom,
  itemInputFrom,
  type ItemForm,
  type ItemFormErrors,
  type ItemFormField,
} from '../../points/admin-items';
import type { PointsItemKind } from '../../points/api';
import type { PointsItem } from '../../points/points-items';
import { serverFieldErrors } from '../../../lib/server-field-errors';
import { failureOf, type PointsFailure } from '../../points/points-messages';
import { textFieldBinder } from '../text-field-binder';
import { RequiredMark, SubmitButton } from './form-controls';
import { DetailedErrorAlert } from './outcome-messages';

interface PointsConfigItemDialogProps {
  country: CountryCode;
  kind: PointsItemKind;
  /** The item edited; undefined creates one. */
  item: PointsItem | undefined;
  onClose: () => void;
  /** After the server stored it and the lists were asked again, with the name it has now. */
  onSaved: (name: string) => void;
}

/** Creates or edits an event, combo or point product: name, description, image, points, countries, period, active. */
export function PointsConfigItemDialog({ country, kind, item, onClose, onSaved }: PointsConfigItemDialogProps) {
  const { t } = useLingui();
  const countriesId = useId();
  const [form, setForm] = useState<ItemForm>(() => itemFormFrom(item, COUNTRIES[country].countryId));
  const [errors, setErrors] = useState<ItemFormErrors>({});
  const save = useSavePointsItem(country, kind);
  const saving = save.isPending;
  // The fields say what the server refused; the alert only points at them.
  const failure: PointsFailure | null = save.error
    ? Object.keys(serverFieldErrors(save.error, ITEM_SERVER_FIELDS)).length > 0
      ? { message: t`Revisa los campos marcados.`, detail: null }
      : failureOf(save.error, t`No se pudo guardar. Revisa los datos e intenta de nuevo.`)
    : null;

  const titles: Record<PointsItemKind, [string, string]> = {
    event: [t`Nuevo evento`, t`Editar evento`],
    combo: [t`Nuevo combo`, t`Editar combo`],
    product: [t`Nuevo producto de puntos`, t`Editar producto de puntos`],
  };
  const title = titles[kind][item ? 1 : 0];

  function change<F extends ItemFormField>(field: F, value: ItemForm[F]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const field = textFieldBinder(form, (name) => errors[name], change);

  function toggleCountry(countryId: number, checked: boolean) {
    change(
      'countries',
      checked ? [...form.countries, countryId] : form.countries.filter((candidate) => candidate !== countryId),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = checkItemForm(kind, form);
    setErrors(problems);
    save.reset();
    if (Object.keys(problems).length > 0) return;
    const input = itemInputFrom(kind, form);
    // A refusal marks the fields it names; the alert reads `save.error`.
    const stored = await save
      .mutateAsync(item ? { id: item.id, changes: input } : { id: undefined, input })
      .catch((error: unknown) => setErrors(serverFieldErrors(error, ITEM_SERVER_FIELDS)));
    if (!stored) return;
    onSaved(input.name);
    onClose();
  }

  return (
    <BusyDialog busy={saving} onClose={onClose} className="dialog points-config-dialog" title={title}>
      <form aria-label={title} noValidate onSubmit={submit}>
        <TextField label={t`Nombre`} required maxLength={120} {...field('name')} />
        <TextAreaField label={t`Descripción`} maxLength={2000} {...field('description')} />
        <TextField
          label={t`URL de la imagen`}
          type="url"
          help={t`Opcional. Sin imagen se muestra un marcador.`}
          {...field('image')}
        />
        <TextField
          label={kind === 'product' ? t`Precio en puntos` : t`Puntos requeridos`}
          required
          inputMode="numeric"
          {...field('points')}
        />
        <fieldset
          className={
            errors.countries
              ? 'field field--invalid points-config-dialog__countries'
              : 'field points-config-dialog__countries'
          }
          aria-describedby={errors.countries ? `${countriesId}-error` : undefined}
        >
          <legend className="field__label">
            {t`Países`}
            <RequiredMark />
          </legend>
          {COUNTRY_CODES.map((code) => (
            <CheckboxChoice
              key={code}
              label={COUNTRIES[code].name}
              checked={form.countries.includes(COUNTRIES[code].countryId)}
              onCheckedChange={(checked) => toggleCountry(COUNTRIES[code].countryId, checked)}
            />
          ))}
          {errors.countries && (
            <p id={`${countriesId}-error`} className="field__error" role="alert">
              {errors.countries}
            </p>
          )}
        </fieldset>
        {kind === 'event' && (
          <div className="form-grid">
            <TextField
              label={t`Inicio`}
              required
              type="datetime-local"
              help={t`En la hora de este dispositivo.`}
              {...field('startDate')}
            />
            <TextField label={t`Fin`} required type="datetime-local" {...field('endDate')} />
          </div>
        )}
        <CheckboxChoice
          label={<Trans>Activo: se ofrece a los profesionales de los países elegidos</Trans>}
          checked={form.isActive}
          onCheckedChange={(checked) => change('isActive', checked)}
        />
        {errors.isActive && (
          <p className="field__error" role="alert">
            {errors.isActive}
          </p>
        )}
        <DetailedErrorAlert failure={failure} />
        <div className="dialog__actions">
          <Dialog.Close className="button button--ghost" type="button" disabled={saving}>
            <Trans>Cancelar</Trans>
          </Dialog.Close>
          <SubmitButton pending={saving}>{t`Guardar`}</SubmitButton>
        </div>
      </form>
    </BusyDialog>
  );
}
