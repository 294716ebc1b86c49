import { t } from '@lingui/core/macro';
import {
  POINT_VALUE_MAX,
  POINTS_CONFIG_DECIMALS,
  POINTS_MAX_PRICE,
  REWARD_PERCENT_MAX,
  type UpdatePointsConfigRequestDto,
} from '../../lib/shared/points';
import type { ItemInput } from './admin-api';
import type { PointsItemKind } from './api';
import type { PointsItem } from './points-items';

// The admin page's forms: what is typed, how it is checked before sending, and what is sent.

/** An event, combo or point product as its dialog edits it (text as typed; dates as `datetime-local` values). */
export interface ItemForm {
  name: string;
  description: string;
  image: string;
  points: string;
  isActive: boolean;
  countries: number[];
  startDate: string;
  endDate: string;
}

export type ItemFormField = keyof ItemForm;
export type ItemFormErrors = Partial<Record<ItemFormField, string>>;

/* eslint-disable lingui/no-unlocalized-strings -- the server's wire names and labels, matched, never shown */
/** How the server names each field in its problems: wire names (which differ by kind) and its Spanish labels. */
export const ITEM_SERVER_FIELDS: Record<ItemFormField, readonly string[]> = {
  name: ['Nombre'],
  description: ['Descripción'],
  image: ['image', 'imageUrl', 'Imagen'],
  points: ['requiredPoints', 'priceInPoints', 'Puntos requeridos', 'Precio en puntos'],
  isActive: ['Activo'],
  countries: ['Países'],
  startDate: ['Inicio'],
  endDate: ['Fin'],
};

export const CONFIG_SERVER_FIELDS: Record<keyof UpdatePointsConfigRequestDto, readonly string[]> = {
  pointValue: ['Valor del punto'],
  purchaseRewardPercent: ['Porcentaje por compras propias'],
  prescriptionRewardPercent: ['Porcentaje por compras de pacientes'],
};
/* eslint-enable lingui/no-unlocalized-strings */

/** An image the server accepts: a path of this site or an http(s) URL. */
const IMAGE_PATTERN = /^(\/[^/]|https?:\/\/)/;

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in the admin's own time zone, as the input shows it. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (the admin's time zone) as an ISO instant, or null when it is not a date. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function itemFormFrom(item: PointsItem | undefined, defaultCountryId: number): ItemForm {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    image: item?.image ?? '',
    points: item ? String(item.points) : '',
    isActive: item?.isActive ?? true,
    countries: item ? item.countries.map((country) => country.id) : [defaultCountryId],
    startDate: toLocalInput(item?.startDate ?? null),
    endDate: toLocalInput(item?.endDate ?? null),
  };
}

/** What the server would refuse, said before sending. */
export function checkItemForm(kind: PointsItemKind, form: ItemForm): ItemFormErrors {
  const errors: ItemFormErrors = {};
  if (!form.name.trim()) errors.name = t`Campo obligatorio`;
  const image = form.image.trim();
  if (image && !IMAGE_PATTERN.test(image)) {
    errors.image = t`Usa una ruta de este sitio (/…) o una dirección que empiece por http:// o https://.`;
  }
  const points = Number(form.points);
  if (!form.points.trim()) errors.points = t`Campo obligatorio`;
  else if (!Number.isSafeInteger(points) || points < 1 || points > POINTS_MAX_PRICE) {
    errors.points = t`Indica un número entero de puntos entre 1 y ${POINTS_MAX_PRICE}.`;
  }
  if (form.countries.length === 0) errors.countries = t`Elige al menos un país.`;
  if (kind === 'event') {
    const start = fromLocalInput(form.startDate);
    const end = fromLocalInput(form.endDate);
    if (!start) errors.startDate = t`Campo obligatorio`;
    if (!end) errors.endDate = t`Campo obligatorio`;
    if (start && end && end <= start) errors.endDate = t`La fecha de fin debe ser posterior a la de inicio.`;
  }
  return errors;
}

/** The body of a creation or a full edit, in the kind's wire names. Call after `checkItemForm` found nothing. */
export function itemInputFrom<K extends PointsItemKind>(kind: K, form: ItemForm): ItemInput<K> {
  const common = {
    name: form.name.trim(),
    description: form.description.trim(),
    isActive: form.isActive,
    countries: [...form.countries].sort((a, b) => a - b),
  };
  const image = form.image.trim() || null;
  const points = Number(form.points);
  if (kind === 'product') return { ...common, imageUrl: image, priceInPoints: points } as ItemInput<K>;
  const combo = { ...common, image, requiredPoints: points };
  if (kind === 'combo') return combo as ItemInput<K>;
  return {
    ...combo,
    startDate: fromLocalInput(form.startDate) ?? '',
    endDate: fromLocalInput(form.endDate) ?? '',
  } as ItemInput<K>;
}

export type ConfigField = keyof UpdatePointsConfigRequestDto;
export type ConfigForm = Record<ConfigField, string>;

/** Spanish typists write decimals with a comma: '0,5' is 0.5. */
export function parseDecimal(value: string): number {
  const text = value.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}

function decimalsOf(text: string): number {
  return text.trim().replace(',', '.').split('.')[1]?.length ?? 0;
}

/** The config form's problems: the value of a point > 0, percentages 0–50, two decimals at most. */
export function checkConfigForm(form: ConfigForm): Partial<Record<ConfigField, string>> {
  const errors: Partial<Record<ConfigField, string>> = {};
  const check = (field: ConfigField, min: number, minExclusive: boolean, max: number) => {
    const text = form[field];
    const value = parseDecimal(text);
    if (!text.trim()) errors[field] = t`Campo obligatorio`;
    else if (Number.isNaN(value) || (minExclusive ? value <= min : value < min) || value > max) {
      errors[field] = minExclusive
        ? t`Indica un número mayor que ${min} y hasta ${max}.`
        : t`Indica un número entre ${min} y ${max}.`;
    } else if (decimalsOf(text) > POINTS_CONFIG_DECIMALS) {
      errors[field] = t`Usa máximo ${POINTS_CONFIG_DECIMALS} decimales.`;
    }
  };
  check('pointValue', 0, true, POINT_VALUE_MAX);
  check('purchaseRewardPercent', 0, false, REWARD_PERCENT_MAX);
  check('prescriptionRewardPercent', 0, false, REWARD_PERCENT_MAX);
  return errors;
}
