import { POINTS_MAX_PRICE } from '../../../src/lib/shared/points';
import type { PointsItemKind } from '../db/schema';
import { FieldProblems, REQUIRED_FIELD_MESSAGE } from '../http/body';
import type { ItemFields, ItemRow } from './catalogue';
import { positiveId } from './input';

const MAX_NAME_LENGTH = 120;
const MAX_DESCRIPTION_LENGTH = 2000;
const MAX_IMAGE_LENGTH = 500;
/** A path of this server (`/api/media/...`) or an http(s) URL; never `javascript:` or `data:`. */
const IMAGE_PATTERN = /^(\/[^/]|https?:\/\/)/;
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

const EVENT_PERIOD_MESSAGE = 'La fecha de fin debe ser posterior a la de inicio.';

/** The wire names of the fields that differ by kind (product §3: combos have `image`, products `imageUrl`...). */
const WIRE_NAMES: Record<PointsItemKind, { image: string; points: string }> = {
  event: { image: 'image', points: 'requiredPoints' },
  combo: { image: 'image', points: 'requiredPoints' },
  product: { image: 'imageUrl', points: 'priceInPoints' },
};

const LABELS = {
  name: 'Nombre',
  description: 'Descripción',
  image: 'Imagen',
  imageUrl: 'Imagen',
  requiredPoints: 'Puntos requeridos',
  priceInPoints: 'Precio en puntos',
  isActive: 'Activo',
  countries: 'Países',
  startDate: 'Inicio',
  endDate: 'Fin',
};

function readDate(problems: FieldProblems, body: Record<string, unknown>, field: string): Date | undefined {
  const raw = body[field];
  if (raw === undefined) return undefined;
  const time = typeof raw === 'string' && ISO_DATE_PATTERN.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(time)) {
    problems.add(field, 'Fecha no válida: usa el formato ISO 8601, por ejemplo 2026-03-01T08:00:00-05:00.');
    return undefined;
  }
  return new Date(time);
}

/**
 * An event, combo or point product of the admin page. `existing` undefined: a creation, every field but the
 * description and the image is required. Otherwise a change of the fields given; the period is checked against
 * the stored dates. Countries must be known ids (`knownCountryIds`).
 */
export function readItemInput(
  body: Record<string, unknown>,
  kind: PointsItemKind,
  knownCountryIds: ReadonlySet<number>,
  existing?: ItemRow,
): { fields: Partial<ItemFields>; countryIds: number[] | undefined } {
  const wire = WIRE_NAMES[kind];
  const problems = new FieldProblems(LABELS);
  const creating = existing === undefined;
  const fields: Partial<ItemFields> = {};

  const name = problems.text(body, 'name', { required: creating, maxLength: MAX_NAME_LENGTH });
  if (name !== undefined) fields.name = name;
  const description = problems.text(body, 'description', { maxLength: MAX_DESCRIPTION_LENGTH });
  if (description !== undefined) fields.description = description;
  else if (creating || body.description === '' || body.description === null) fields.description = '';

  if (body[wire.image] === null || body[wire.image] === '') fields.image_url = null;
  else {
    const image = problems.text(body, wire.image, { maxLength: MAX_IMAGE_LENGTH });
    if (image !== undefined && !IMAGE_PATTERN.test(image)) {
      problems.add(wire.image, 'Debe ser una ruta de este sitio (/…) o una URL http(s).');
    } else if (image !== undefined) fields.image_url = image;
    else if (creating) fields.image_url = null;
  }

  const points = body[wire.points];
  if (points === undefined) {
    if (creating) problems.add(wire.points, REQUIRED_FIELD_MESSAGE);
  } else if (typeof points !== 'number' || !Number.isSafeInteger(points) || points < 1 || points > POINTS_MAX_PRICE) {
    problems.add(wire.points, `Debe ser un número entero de puntos entre 1 y ${POINTS_MAX_PRICE}.`);
  } else fields.points = points;

  if (body.isActive === undefined) {
    if (creating) fields.is_active = true;
  } else if (typeof body.isActive !== 'boolean') problems.add('isActive', 'Debe ser true o false.');
  else fields.is_active = body.isActive;

  let countryIds: number[] | undefined;
  if (body.countries === undefined) {
    if (creating) problems.add('countries', 'Indica al menos un país.');
  } else if (!Array.isArray(body.countries) || body.countries.length === 0) {
    problems.add('countries', 'Indica al menos un país.');
  } else {
    const ids = body.countries.map(positiveId);
    if (ids.some((id) => id === undefined || !knownCountryIds.has(id))) {
      problems.add('countries', `Países no válidos: usa ids de ${[...knownCountryIds].join(', ')}.`);
    } else countryIds = [...new Set(ids as number[])];
  }

  if (kind === 'event') {
    const start = readDate(problems, body, 'startDate');
    const end = readDate(problems, body, 'endDate');
    if (creating && body.startDate === undefined) problems.add('startDate', REQUIRED_FIELD_MESSAGE);
    if (creating && body.endDate === undefined) problems.add('endDate', REQUIRED_FIELD_MESSAGE);
    if (start) fields.start_date = start;
    if (end) fields.end_date = end;
    const finalStart = start ?? existing?.start_date;
    const finalEnd = end ?? existing?.end_date;
    if (!problems.has() && finalStart && finalEnd && finalEnd <= finalStart)
      problems.add('endDate', EVENT_PERIOD_MESSAGE);
  }

  problems.assertNone();
  return { fields, countryIds };
}

/** Every field a creation needs, once `readItemInput` checked them. */
export function completeItemFields(fields: Partial<ItemFields>): ItemFields {
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    image_url: fields.image_url ?? null,
    points: fields.points ?? 0,
    is_active: fields.is_active ?? true,
    start_date: fields.start_date ?? null,
    end_date: fields.end_date ?? null,
  };
}
