import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { ChoiceField } from '../../../components/ui/choice-field';
import { TextField } from '../../../components/ui/text-field';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { DOCUMENT_TYPES } from '../../../lib/shared/accounts';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../../lib/shared/countries';
import { isNumericDocumentType } from '../../../lib/shared/personal-data';
import { COMPANY_TAX_ID_TYPES, type AddressDto, type TaxpayerType } from '../../../lib/shared/orders';
import { checkoutQueries } from '../api';
import type { CheckoutForm } from '../checkout-form';
import { checkDataStep, checkoutMessage, whileTyping } from '../checkout-validation';

/** The buyer's fields typed as text (the document type is chosen from a list). */
type CustomerTextField = Exclude<keyof CheckoutForm['customer'], 'typeID'>;

interface DataStepProps {
  country: CountryCode;
  viewer: string;
  form: CheckoutForm;
  onChange: (update: (form: CheckoutForm) => CheckoutForm) => void;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: personal data, the taxpayer type with the bill data, and the shipping address (product §3, §5). */
export function DataStep({ country, viewer, form, onChange, onBack, onNext }: DataStepProps) {
  const { t, i18n } = useLingui();
  // Missing fields are said after the first attempt to go on, then follow what the buyer types; a limit broken
  // (too long, letters in a cédula) is said as soon as it is typed.
  const [submitted, setSubmitted] = useState(false);
  const addresses = useQuery(checkoutQueries.addresses(country, viewer));
  const countryId = COUNTRIES[country].countryId;
  const documentTypes = DOCUMENT_TYPES.filter((type) => type.countryId === null || type.countryId === countryId);
  const taxId = COMPANY_TAX_ID_TYPES[countryId];
  const taxpayerLabels: Record<TaxpayerType, string> = {
    persona_natural: t`Persona natural`,
    persona_juridica: t`Persona jurídica (empresa)`,
  };
  const problems = checkDataStep(form, COUNTRIES[country]);
  const shown = submitted ? problems : whileTyping(problems);
  const errors: Partial<Record<string, string>> = Object.fromEntries(
    Object.entries(shown).map(([field, message]) => [field, i18n._(checkoutMessage(message))]),
  );

  const update = onChange;
  const customer = <K extends keyof CheckoutForm['customer']>(key: K, value: CheckoutForm['customer'][K]) =>
    update((previous) => ({ ...previous, customer: { ...previous.customer, [key]: value } }));
  const bill = <K extends keyof CheckoutForm['bill']>(key: K, value: CheckoutForm['bill'][K]) =>
    update((previous) => ({ ...previous, bill: { ...previous.bill, [key]: value } }));
  const address = <K extends keyof CheckoutForm['address']>(key: K, value: string) =>
    update((previous) => ({ ...previous, addressId: null, address: { ...previous.address, [key]: value } }));

  type TextInput = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'required'>;
  const customerText = (key: CustomerTextField, label: string, input: TextInput = {}) => (
    <TextField
      label={label}
      value={form.customer[key]}
      onValueChange={(value) => customer(key, value)}
      error={errors[`customer.${key}`]}
      {...input}
    />
  );
  const addressText = (key: keyof CheckoutForm['address'], label: string, input: TextInput = {}) => (
    <TextField
      label={label}
      value={form.address[key]}
      onValueChange={(value) => address(key, value)}
      error={errors[`address.${key}`]}
      {...input}
    />
  );

  function chooseSaved(saved: AddressDto) {
    const { address: line, residenceDetail, state, city, postalCode } = saved;
    update((previous) => ({
      ...previous,
      addressId: saved.id,
      saveAddress: false,
      address: { address: line, residenceDetail, state, city, postalCode },
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    onNext();
  }

  const saved = addresses.data?.data ?? [];
  return (
    <form className="checkout-form stack" onSubmit={submit} noValidate aria-label={t`Datos de compra`}>
      <fieldset className="card stack">
        <legend>
          <Trans>Datos personales</Trans>
        </legend>
        <div className="form-grid">
          {customerText('firstName', t`Primer nombre`, { required: true, autoComplete: 'given-name' })}
          {customerText('secondName', t`Segundo nombre (opcional)`, { autoComplete: 'additional-name' })}
          {customerText('firstLastName', t`Primer apellido`, { required: true, autoComplete: 'family-name' })}
          {customerText('secondLastName', t`Segundo apellido (opcional)`)}
          <ChoiceField
            label={t`Tipo de documento`}
            required
            placeholder={t`Selecciona`}
            choices={documentTypes.map((type) => ({ value: type.id, label: type.name }))}
            value={form.customer.typeID ?? ''}
            onValueChange={(value) => customer('typeID', value ? Number(value) : null)}
            error={errors['customer.typeID']}
          />
          {customerText('numberID', t`Número de documento`, {
            required: true,
            inputMode: isNumericDocumentType(form.customer.typeID) ? 'numeric' : undefined,
          })}
          <ChoiceField
            label={t`Indicativo`}
            required
            choices={COUNTRY_CODES.map((code) => ({
              value: COUNTRIES[code].dialCode,
              label: `${COUNTRIES[code].name} ${COUNTRIES[code].dialCode}`,
            }))}
            value={form.customer.countryCode || COUNTRIES[country].dialCode}
            onValueChange={(value) => customer('countryCode', value)}
          />
          {customerText('phoneNumber', t`Número de celular`, {
            required: true,
            type: 'tel',
            autoComplete: 'tel-national',
            inputMode: 'tel',
          })}
          {customerText('email', t`Correo electrónico`, { required: true, type: 'email', autoComplete: 'email' })}
        </div>
      </fieldset>

      <fieldset className="card stack">
        <legend>
          <Trans>Facturación</Trans>
        </legend>
        <div className="form-grid">
          <ChoiceField
            label={t`Tipo de contribuyente`}
            required
            placeholder={t`Selecciona`}
            choices={(Object.keys(taxpayerLabels) as TaxpayerType[]).map((type) => ({
              value: type,
              label: taxpayerLabels[type],
            }))}
            value={form.bill.typeContributor}
            onValueChange={(value) => bill('typeContributor', value as TaxpayerType | '')}
            error={errors['bill.typeContributor']}
          />
          {form.bill.typeContributor === 'persona_juridica' && (
            <TextField
              label={taxId ? t`Número de ${taxId.name}` : t`Número de identificación tributaria`}
              required
              value={form.bill.numberID}
              onValueChange={(value) =>
                update((previous) => ({
                  ...previous,
                  bill: { ...previous.bill, typeID: taxId?.code ?? '', numberID: value },
                }))
              }
              error={errors['bill.numberID']}
            />
          )}
        </div>
        {form.bill.typeContributor === 'persona_natural' && (
          <p className="muted">
            <Trans>La factura se emitirá a nombre y documento de quien compra.</Trans>
          </p>
        )}
      </fieldset>

      <fieldset className="card stack">
        <legend>
          <Trans>Dirección de envío</Trans>
        </legend>
        {saved.length > 0 && (
          <div className="address-book" role="radiogroup" aria-label={t`Direcciones guardadas`}>
            {saved.map((entry) => (
              <label key={entry.id} className="address-book__entry">
                <input
                  type="radio"
                  name="saved-address"
                  checked={form.addressId === entry.id}
                  onChange={() => chooseSaved(entry)}
                />
                <span>
                  {entry.address}
                  {entry.residenceDetail && `, ${entry.residenceDetail}`} · {entry.city}, {entry.state}
                </span>
              </label>
            ))}
          </div>
        )}
        <div className="form-grid">
          {addressText('address', t`Dirección`, { required: true, autoComplete: 'address-line1' })}
          {addressText('residenceDetail', t`Detalle de residencia (apartamento, torre, barrio)`, {
            autoComplete: 'address-line2',
          })}
          {addressText('state', t`Departamento o estado`, { required: true, autoComplete: 'address-level1' })}
          {addressText('city', t`Ciudad`, { required: true, autoComplete: 'address-level2' })}
          {addressText('postalCode', t`Código postal`, { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </div>
        {form.addressId === null && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.saveAddress}
              onChange={(event) => update((previous) => ({ ...previous, saveAddress: event.target.checked }))}
            />
            <Trans>Guardar esta dirección para próximas compras</Trans>
          </label>
        )}
      </fieldset>

      {submitted && Object.keys(errors).length > 0 && (
        <p className="notice notice--error" role="alert">
          <Trans>Revisa los campos marcados antes de continuar.</Trans>
        </p>
      )}
      <div className="checkout__actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          <Trans>Volver</Trans>
        </button>
        <button type="submit" className="button button--primary">
          <Trans>Continuar al pago</Trans>
        </button>
      </div>
    </form>
  );
}
