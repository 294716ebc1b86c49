import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CheckboxChoice } from '../../../components/ui/checkbox-choice';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/http';
import { COUNTRIES, COUNTRY_CODES } from '../../../lib/shared/countries';
import type { CouponDiscountType } from '../../../lib/shared/orders';
import type { AdminPromoCodeDto, AdminPromoCodeInput } from '../../../lib/shared/promo-codes';
import { useCountry } from '../../../lib/use-country';
import { adminPromoCodeQueries, useSavePromoCode } from '../api';
import { serverFieldErrors } from '../product-form';
import { textFieldBinder } from '../text-field-binder';
import { AdminPage } from './admin-page';
import { FirstLoadStatus } from './first-load-status';
import { SubmitButton } from './form-controls';
import { ErrorAlert } from './outcome-messages';

interface CountryWindow {
  enabled: boolean;
  /** `YYYY-MM-DD` of a date input; empty: open on that side. */
  from: string;
  until: string;
}

interface Draft {
  id: number | undefined;
  code: string;
  discountType: CouponDiscountType;
  value: string;
  active: boolean;
  maxUses: string;
  maxUsesPerUser: string;
  countries: Record<number, CountryWindow>;
}

const WINDOW_SIDES = ['from', 'until'] as const;
const ONE_DAY_MS = 86_400_000;
const COUNTRY_LIST = COUNTRY_CODES.map((code) => COUNTRIES[code]);
const day = (iso: string | null) => iso?.slice(0, 10) ?? '';

function draftOf(promo?: AdminPromoCodeDto): Draft {
  const countries: Record<number, CountryWindow> = {};
  for (const country of COUNTRY_LIST) {
    const row = promo?.countries.find((candidate) => candidate.countryId === country.countryId);
    countries[country.countryId] = {
      enabled: Boolean(row),
      from: day(row?.validFrom ?? null),
      until: day(row?.validUntil ?? null),
    };
  }
  return {
    id: promo?.id,
    code: promo?.code ?? '',
    discountType: promo?.discountType ?? 'percentage',
    value: promo ? String(promo.value) : '',
    active: promo?.active ?? true,
    maxUses: promo?.maxUses ? String(promo.maxUses) : '',
    maxUsesPerUser: promo?.maxUsesPerUser ? String(promo.maxUsesPerUser) : '',
    countries,
  };
}

/** Text fields as the API takes them: empty limits are "no limit"; dates are whole days in UTC. */
function inputOf(draft: Draft): AdminPromoCodeInput {
  const limit = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    code: draft.code.trim(),
    discountType: draft.discountType,
    value: Number(draft.value),
    active: draft.active,
    maxUses: limit(draft.maxUses),
    maxUsesPerUser: limit(draft.maxUsesPerUser),
    countries: COUNTRY_LIST.filter((country) => draft.countries[country.countryId]?.enabled).map((country) => {
      const window = draft.countries[country.countryId] as CountryWindow;
      return {
        countryId: country.countryId as 1 | 2 | 3,
        // A date-only `YYYY-MM-DD` parses as UTC midnight; the window includes the whole last day.
        validFrom: window.from ? new Date(Date.parse(window.from)).toISOString() : null,
        validUntil: window.until ? new Date(Date.parse(window.until) + ONE_DAY_MS - 1).toISOString() : null,
      };
    }),
  };
}

/** Admin `codigos-promocionales`: the codes with their uses, and a form to create or edit one. */

/** The fields the server named in its refusal. */
function fieldsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError ? serverFieldErrors(error.errors, error.fieldErrors) : {};
}

export function PromoCodesPage() {
  const { t } = useLingui();
  const country = useCountry();
  const query = useQuery(adminPromoCodeQueries.list(country));
  const [draft, setDraft] = useState<Draft>(() => draftOf());

  return (
    <AdminPage title={<Trans>Códigos promocionales</Trans>}>
      <FirstLoadStatus query={query} loading={t`Cargando códigos…`} />
      {query.data && (
        <ul className="plain-list stack" aria-label={t`Códigos promocionales`}>
          {query.data.data.map((promo) => (
            <li key={promo.id} className="card">
              <strong>{promo.code}</strong>{' '}
              <span className="muted">
                {promo.discountType === 'percentage' ? `${promo.value} %` : t`Valor fijo ${promo.value}`} ·{' '}
                {promo.active ? t`Activo` : t`Inactivo`} ·{' '}
                {promo.maxUses === null ? t`${promo.uses} usos, sin límite` : t`${promo.uses} de ${promo.maxUses} usos`}
                {promo.maxUsesPerUser !== null && ` · ${t`máximo ${promo.maxUsesPerUser} por comprador`}`}
                {' · '}
                {promo.countries.length === 0
                  ? t`Todos los países`
                  : promo.countries
                      .map((row) => COUNTRY_LIST.find((candidate) => candidate.countryId === row.countryId)?.name)
                      .join(', ')}
              </span>{' '}
              <button type="button" className="button button--secondary" onClick={() => setDraft(draftOf(promo))}>
                {t`Editar ${promo.code}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      <PromoCodeForm key={draft.id ?? 'nuevo'} initial={draft} onDone={() => setDraft(draftOf())} />
    </AdminPage>
  );
}

function PromoCodeForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const { t } = useLingui();
  const country = useCountry();
  const save = useSavePromoCode(country);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  // The fields the server named, else its message.
  const failure = save.error ? Object.values(fieldsOf(save.error)).join('\n') || errorMessage(save.error) : null;
  const change = (fields: Partial<Draft>) => setDraft((current) => ({ ...current, ...fields }));
  const changeCountry = (countryId: number, fields: Partial<CountryWindow>) =>
    setDraft((current) => ({
      ...current,
      countries: {
        ...current.countries,
        [countryId]: { ...(current.countries[countryId] as CountryWindow), ...fields },
      },
    }));
  const field = textFieldBinder(
    draft,
    (name) => errors[name],
    (name, value) => change({ [name]: value }),
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setErrors({});
    const saved = await save
      .mutateAsync({ input: inputOf(draft), id: draft.id })
      .catch((error: unknown) => setErrors(fieldsOf(error)));
    if (!saved) return;
    setNotice(t`Guardamos el código ${saved.code}.`);
    if (draft.id === undefined) onDone();
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="promo-code-form-title">
      <h2 id="promo-code-form-title">{draft.id === undefined ? t`Nuevo código` : t`Editar ${draft.code}`}</h2>
      <div className="form-grid">
        <TextField label={t`Código`} required {...field('code')} />
        <SelectField
          label={t`Tipo de descuento`}
          value={draft.discountType}
          onValueChange={(value) => change({ discountType: value as CouponDiscountType })}
        >
          <option value="percentage">{t`Porcentaje`}</option>
          <option value="fixed">{t`Valor fijo (moneda del país)`}</option>
        </SelectField>
        <TextField label={t`Valor`} required inputMode="numeric" {...field('value')} />
        <TextField label={t`Usos en total`} inputMode="numeric" help={t`Vacío: sin límite.`} {...field('maxUses')} />
        <TextField
          label={t`Usos por comprador`}
          inputMode="numeric"
          help={t`Vacío: sin límite.`}
          {...field('maxUsesPerUser')}
        />
      </div>
      <CheckboxChoice label={t`Activo`} checked={draft.active} onCheckedChange={(active) => change({ active })} />
      <fieldset className="stack">
        <legend className="field__label">{t`Países y vigencia (ninguno marcado: todos los países, sin fechas)`}</legend>
        {errors.countries && <p className="field__error">{errors.countries}</p>}
        {COUNTRY_LIST.map((item) => {
          const window = draft.countries[item.countryId] as CountryWindow;
          return (
            <div key={item.countryId} className="form-grid">
              <CheckboxChoice
                label={t`Válido en ${item.name}`}
                checked={window.enabled}
                onCheckedChange={(enabled) => changeCountry(item.countryId, { enabled })}
              />
              {WINDOW_SIDES.map((side) => (
                <TextField
                  key={side}
                  type="date"
                  label={side === 'from' ? t`Desde (${item.name})` : t`Hasta (${item.name})`}
                  disabled={!window.enabled}
                  value={window[side]}
                  onValueChange={(value) => changeCountry(item.countryId, { [side]: value })}
                />
              ))}
            </div>
          );
        })}
      </fieldset>
      <ErrorAlert message={failure} />
      {notice && <p role="status">{notice}</p>}
      <div className="form-actions">
        <SubmitButton className="button" pending={save.isPending}>
          {t`Guardar código`}
        </SubmitButton>
        {draft.id !== undefined && (
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t`Nuevo código`}
          </button>
        )}
      </div>
    </form>
  );
}
