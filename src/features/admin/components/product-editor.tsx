import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { FileField } from '../../../components/ui/file-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { ApiError, errorMessage } from '../../../lib/http';
import { PURCHASE_LEVELS } from '../../../lib/shared/accounts';
import { slugify, type AdminProductDto } from '../../../lib/shared/admin-products';
import { DEFAULT_CONTAINER_TYPE, DEFAULT_UNIT_SYMBOL, HORMONES_CATEGORY_ID } from '../../../lib/shared/catalogue';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../lib/shared/countries';
import { adminProductQueries, useChangeProductImages, useSaveProduct, type ProductImageChange } from '../api';
import {
  checkProductForm,
  emptyProductForm,
  productFormFromDto,
  serverFieldErrors,
  type ProductFormValues,
} from '../product-form';
import { textFieldBinder } from '../text-field-binder';
import { SubmitButton } from './form-controls';
import { ErrorAlert } from './outcome-messages';

/** The fields the server named in its refusal ("slug: …"). */
function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? serverFieldErrors(error.errors, error.fieldErrors) : {};
}

/** The alert says what is wrong (each field the server named, else its message); the fields show where. */
function saveFailure(error: Error): string {
  const messages = Object.values(fieldsOf(error));
  return messages.length > 0 ? messages.join('\n') : errorMessage(error);
}

interface ProductEditorProps {
  country: CountryCode;
  /** Null: a new product. */
  product: AdminProductDto | null;
  onSaved: (product: AdminProductDto) => void;
  onCancel: () => void;
}

/** Admin `herramientas-funcionales`: the whole product in one form, saved at once or not at all. */
export function ProductEditor({ country, product, onSaved, onCancel }: ProductEditorProps) {
  const { t, i18n } = useLingui();
  const save = useSaveProduct(country);
  const images = useChangeProductImages(country);
  const options = useQuery(adminProductQueries.options(country));
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productFormFromDto(product) : emptyProductForm(),
  );
  const [saved, setSaved] = useState(product);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const failure = save.error ? saveFailure(save.error) : null;
  const uploading = images.isPending;
  const imageFailure = images.error ? errorMessage(images.error) : null;
  const element = useRef<HTMLFormElement>(null);

  const checked = checkProductForm(values);
  const hormone = values.categoryId === String(HORMONES_CATEGORY_ID);
  const errorOf = (field: string): string | undefined => {
    const local = submitted ? checked.errors[field] : undefined;
    return local ? i18n._(local) : serverErrors[field];
  };
  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
    setValues((previous) => ({ ...previous, [field]: value }));
  };
  const field = textFieldBinder(values, errorOf, set);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    save.reset();
    if (!checked.input) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const result = await save.mutateAsync({ id: saved?.id ?? null, input: checked.input }).catch((error: unknown) => {
      flushSync(() => setServerErrors(fieldsOf(error)));
      focusFirstInvalid(element.current);
      return null;
    });
    if (!result) return;
    setSaved(result);
    setServerErrors({});
    onSaved(result);
  }

  async function changeImages(change: ProductImageChange) {
    // A failure is shown from `images.error`, under the image field.
    const product = await images.mutateAsync(change).catch(() => null);
    if (product) setSaved(product);
  }

  const presentations = values.presentations;
  const setPresentation = (index: number, change: Partial<ProductFormValues['presentations'][number]>) =>
    set(
      'presentations',
      presentations.map((presentation, at) =>
        at === index
          ? { ...presentation, ...change }
          : change.isDefault
            ? { ...presentation, isDefault: false }
            : presentation,
      ),
    );

  return (
    <form
      ref={element}
      className="stack product-editor"
      noValidate
      aria-label={saved ? t`Editar producto` : t`Nuevo producto`}
      onSubmit={(event) => void submit(event)}
    >
      <h2>{saved ? t`Editar ${saved.name}` : t`Nuevo producto`}</h2>
      <p className="muted">
        <Trans>Los campos con * son obligatorios. Un país sin precio no vende el producto.</Trans>
      </p>
      <div className="form-grid">
        <TextField
          label={t`Nombre`}
          required
          value={values.name}
          error={errorOf('name')}
          onValueChange={(name) => {
            set('name', name);
            if (!values.slugEdited) set('slug', slugify(name));
          }}
        />
        <TextField
          label={t`Slug (dirección web)`}
          required
          value={values.slug}
          error={errorOf('slug')}
          help={t`Aparece en la dirección del producto: /herramientas/${values.slug || 'slug'}`}
          onValueChange={(slug) => {
            set('slug', slug);
            set('slugEdited', true);
          }}
        />
        <TextField label={t`Número de serie`} required {...field('serialNumber')} />
        <SelectField label={t`Categoría`} required {...field('categoryId')}>
          <option value="">{t`Selecciona una categoría`}</option>
          <NamedOptions items={options.data?.categories} />
        </SelectField>
        <SelectField label={t`Forma farmacéutica`} {...field('pharmaceuticalFormId')}>
          <option value="">{t`Sin forma`}</option>
          <NamedOptions items={options.data?.forms} />
        </SelectField>
        <TextField label={t`Etiqueta`} {...field('tag')} />
        <TextField label={t`Información de cápsulas`} {...field('capsuleInfo')} />
      </div>
      <TextAreaField label={t`Descripción`} rows={4} {...field('description')} />

      <fieldset className="stack">
        <legend className="field__label">{t`Precios por país`}</legend>
        {errorOf('prices') && (
          <p className="field__error" role="alert">
            {errorOf('prices')}
          </p>
        )}
        <div className="form-grid">
          {COUNTRY_CODES.map((code) => (
            <div key={code} className="stack">
              <TextField
                label={t`Precio en ${COUNTRIES[code].name} (${COUNTRIES[code].currency})`}
                inputMode="decimal"
                value={values.prices[code].amount}
                error={errorOf(`prices.${code}`)}
                onValueChange={(amount) =>
                  set('prices', { ...values.prices, [code]: { ...values.prices[code], amount } })
                }
              />
              <CheckboxChoice
                label={t`IVA incluido en ${COUNTRIES[code].name}`}
                checked={values.prices[code].vatIncluded}
                onCheckedChange={(vatIncluded) =>
                  set('prices', { ...values.prices, [code]: { ...values.prices[code], vatIncluded } })
                }
              />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend className="field__label">{t`Presentaciones`}</legend>
        {errorOf('presentations') && (
          <p className="field__error" role="alert">
            {errorOf('presentations')}
          </p>
        )}
        {presentations.map((presentation, index) => (
          <div key={index} className="form-grid" role="group" aria-label={t`Presentación ${index + 1}`}>
            <TextField
              label={t`Envase`}
              value={presentation.containerType}
              onValueChange={(containerType) => setPresentation(index, { containerType })}
            />
            <TextField
              label={t`Cantidad`}
              required
              inputMode="numeric"
              value={presentation.quantity}
              error={errorOf(`presentations.${index}`)}
              onValueChange={(quantity) => setPresentation(index, { quantity })}
            />
            <TextField
              label={t`Unidad`}
              value={presentation.unitSymbol}
              onValueChange={(unitSymbol) => setPresentation(index, { unitSymbol })}
            />
            <div className="stack">
              <label className="choice">
                <input
                  type="radio"
                  name="default-presentation"
                  checked={presentation.isDefault}
                  onChange={() => setPresentation(index, { isDefault: true })}
                />
                <span>{t`Presentación principal`}</span>
              </label>
              {presentations.length > 1 && (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    const rest = presentations.filter((_, at) => at !== index);
                    const first = rest[0];
                    if (first && !rest.some((item) => item.isDefault)) rest[0] = { ...first, isDefault: true };
                    set('presentations', rest);
                  }}
                >
                  {t`Quitar presentación ${index + 1}`}
                </button>
              )}
            </div>
          </div>
        ))}
        <div>
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              set('presentations', [
                ...presentations,
                {
                  containerType: DEFAULT_CONTAINER_TYPE,
                  quantity: '',
                  unitSymbol: DEFAULT_UNIT_SYMBOL,
                  isDefault: false,
                },
              ])
            }
          >
            <Trans>Agregar presentación</Trans>
          </button>
        </div>
      </fieldset>

      <fieldset className="stack">
        <legend className="field__label">{t`Inventario, destacado y puntos`}</legend>
        <CheckboxChoice
          label={t`Controlar inventario`}
          checked={values.stockTracked}
          onCheckedChange={(checked) => set('stockTracked', checked)}
        />
        <div className="form-grid">
          {values.stockTracked && (
            <TextField label={t`Unidades en inventario`} required inputMode="numeric" {...field('stockQuantity')} />
          )}
          <TextField
            label={t`Precio en puntos`}
            inputMode="numeric"
            help={t`Déjalo vacío si el producto no se canjea con puntos.`}
            {...field('pointsPrice')}
          />
        </div>
        <CheckboxChoice
          label={t`Destacado en el inicio`}
          checked={values.featured}
          onCheckedChange={(checked) => set('featured', checked)}
        />
        <CheckboxChoice
          label={
            hormone
              ? t`Requiere prescripción firmada (siempre, por ser una hormona)`
              : t`Requiere prescripción firmada validada antes del despacho`
          }
          checked={values.requiresSignedPrescription || hormone}
          disabled={hormone}
          onCheckedChange={(checked) => set('requiresSignedPrescription', checked)}
        />
      </fieldset>

      <fieldset className="stack">
        <legend className="field__label">{t`Descuento por nivel de compra (%)`}</legend>
        <div className="form-grid">
          {PURCHASE_LEVELS.map((level) => (
            <TextField
              key={level.id}
              label={t`Nivel ${level.name}`}
              inputMode="decimal"
              value={values.discounts[level.id] ?? ''}
              error={errorOf(`discounts.${level.id}`)}
              onValueChange={(percent) => set('discounts', { ...values.discounts, [level.id]: percent })}
            />
          ))}
        </div>
      </fieldset>

      {saved && (
        <fieldset className="stack">
          <legend className="field__label">{t`Imágenes`}</legend>
          <ul className="plain-list product-editor__images">
            {saved.images.map((image, index) => (
              <li key={image.id}>
                <img
                  src={`${image.url}?w=640&q=75`}
                  alt={t`Imagen ${index + 1} de ${saved.name}`}
                  width={96}
                  height={96}
                />
                {image.uploaded && (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={uploading}
                    onClick={() => void changeImages({ productId: saved.id, imageId: image.id })}
                  >
                    {t`Quitar imagen ${index + 1}`}
                  </button>
                )}
              </li>
            ))}
          </ul>
          <FileField
            label={t`Subir imagen (JPG, PNG o WEBP, máximo 5 MB)`}
            error={imageFailure ?? undefined}
            accept="image/png,image/jpeg,image/webp"
            disabled={uploading}
            resetAfterChoice
            onFiles={([file]) => {
              if (file) void changeImages({ productId: saved.id, file });
            }}
          />
        </fieldset>
      )}

      <ErrorAlert message={failure} />
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={save.isPending}>
          <Trans>Volver a la lista</Trans>
        </button>
        <SubmitButton pending={save.isPending}>{saved ? t`Guardar cambios` : t`Crear producto`}</SubmitButton>
      </div>
    </form>
  );
}

/** One option a record of the editor's lists (categories, pharmaceutical forms), valued by its id. */
function NamedOptions({ items }: { items: readonly { id: number; name: string }[] | undefined }) {
  return items?.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}
