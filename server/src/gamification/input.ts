import { createHash } from 'node:crypto';
import { POINTS_MAX_LINES, POINTS_MAX_QUANTITY, type PointsProductLineDto } from '../../../src/lib/shared/points';
import { MAX_INT4 } from '../db/schema';
import { pathParam, type AppContext } from '../http/auth';
import type { FieldProblems } from '../http/body';
import { HttpError, notFound } from '../http/errors';

const PRODUCT_ID_MESSAGE = 'Cada producto debe tener un id numérico.';
const QUANTITY_MESSAGE = 'La cantidad de cada producto debe ser un número entero mayor que 0.';
const NO_PRODUCTS_MESSAGE = 'Debes enviar al menos un producto.';
const IDEMPOTENCY_KEY_MESSAGE =
  'La cabecera Idempotency-Key no es válida: usa de 1 a 200 caracteres visibles, por ejemplo un UUID.';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The client's Idempotency-Key, if it sent one, and the digest of what it asked. */
export interface IdempotentRequest {
  key: string | undefined;
  hash: string;
}

/** A stored id (int4, ≥ 1) given as a JSON number or a string of digits; anything else is undefined. */
export function positiveId(value: unknown): number | undefined {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INT4 ? id : undefined;
}

/** A required id field of the body; missing or not numeric is a 400 with `message`. */
export function requireId(body: Record<string, unknown>, field: string, message: string): number {
  const id = positiveId(body[field]);
  if (id === undefined) throw new HttpError(400, message, [message]);
  return id;
}

/** A whole number of points ≥ 0 (absent is 0), or undefined after recording the problem. */
export function readPoints(problems: FieldProblems, body: Record<string, unknown>, field: string) {
  const value = body[field];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_INT4) {
    problems.add(field, 'Los puntos deben ser un número entero mayor o igual a 0.');
    return undefined;
  }
  return value;
}

function readLine(problems: FieldProblems, field: string, raw: unknown): PointsProductLineDto | undefined {
  const line = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const productId = positiveId(line.productId);
  const quantity = line.quantity;
  if (productId === undefined) {
    problems.add(field, PRODUCT_ID_MESSAGE);
    return undefined;
  }
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_INT4) {
    problems.add(field, QUANTITY_MESSAGE);
    return undefined;
  }
  return { productId, quantity };
}

/**
 * The product lines of `body[field]` (numeric id, whole quantity > 0), one per product: repeated products are added
 * up. `required`: at least one line.
 */
export function readLines(
  problems: FieldProblems,
  body: Record<string, unknown>,
  field: string,
  options: { required: boolean },
): PointsProductLineDto[] {
  const raw = body[field] ?? [];
  if (!Array.isArray(raw)) {
    problems.add(field, 'Debe ser una lista de productos con productId y quantity.');
    return [];
  }
  if (raw.length > POINTS_MAX_LINES) {
    problems.add(field, `Máximo ${POINTS_MAX_LINES} productos por solicitud.`);
    return [];
  }
  const lines = new Map<number, number>();
  for (const item of raw) {
    const line = readLine(problems, field, item);
    if (line) lines.set(line.productId, (lines.get(line.productId) ?? 0) + line.quantity);
  }
  if (problems.has(field)) return [];
  if (options.required && lines.size === 0) problems.add(field, NO_PRODUCTS_MESSAGE);
  const merged = [...lines].map(([productId, quantity]) => ({ productId, quantity }));
  if (merged.some((line) => line.quantity > POINTS_MAX_QUANTITY)) {
    problems.add(field, `La cantidad máxima por producto es ${POINTS_MAX_QUANTITY}.`);
  }
  return merged;
}

/** `productId` and `quantity` at the top of the body (`POST /gamification/products/redeem`). */
export function readSingleLine(problems: FieldProblems, body: Record<string, unknown>): PointsProductLineDto[] {
  return readLines(problems, { products: [body] }, 'products', { required: true });
}

/**
 * The request's Idempotency-Key, if it sent one, and a digest of what it asks (`operation` and the parsed body), so a
 * key reused for another request is told apart from a retry.
 */
export function idempotentRequest(c: AppContext, operation: string, payload: unknown): IdempotentRequest {
  const key = c.req.header('idempotency-key')?.trim();
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new HttpError(400, IDEMPOTENCY_KEY_MESSAGE);
  return {
    key,
    hash: createHash('sha256')
      .update(JSON.stringify([operation, payload]))
      .digest('hex'),
  };
}

/** A numeric id of the path; ids that cannot exist are a 404 like unknown ones. */
export function pathId(c: AppContext, name: string, notFoundMessage: string): number {
  const id = positiveId(pathParam(c, name));
  if (id === undefined) throw notFound(notFoundMessage);
  return id;
}
