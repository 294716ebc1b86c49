import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError } from '../../lib/http';
import type { POINTS_STORE_ERRORS, PointEntryType } from '../../lib/shared/points';

export type PointsStoreError = keyof typeof POINTS_STORE_ERRORS;

/**
 * Product §8: what the points store shows when a call fails without a message of its own. The Spanish text is the
 * contract's (`POINTS_STORE_ERRORS`, checked by a test); it goes through the catalogue so Peru can adapt it.
 */
export const STORE_ERRORS: Record<PointsStoreError, MessageDescriptor> = {
  config: msg`Error cargando configuración de puntos`,
  updateConfig: msg`Error actualizando configuración`,
  balance: msg`Error cargando saldo de puntos`,
  history: msg`Error cargando historial de puntos`,
  lightHistories: msg`Error cargando historiales ligeros`,
  products: msg`Error cargando productos de puntos`,
  productsByCountry: msg`Error cargando productos por país`,
  events: msg`Error cargando eventos`,
  combos: msg`Error cargando combos`,
  redeemProduct: msg`Error al redimir producto`,
  subtract: msg`Error al descontar puntos`,
  batch: msg`Error en redención múltiple`,
  event: msg`Error al redimir evento`,
  combo: msg`Error al redimir combo`,
  prescriptionReward: msg`Error registrando recompensa de prescripción`,
};

export interface PointsFailure {
  /** The server's own Spanish message, else the store default. */
  message: string;
  /** Why it failed when the server never answered (connection, timeout, expired session), or null. */
  detail: string | null;
}

/** The server's message when it sent one, otherwise `fallback`, with why when the server never answered. */
export function failureOf(error: unknown, fallback: string): PointsFailure {
  if (error instanceof ApiError && error.fromServer) return { message: error.message, detail: null };
  const detail =
    error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'unauthorized')
      ? error.message
      : null;
  return { message: fallback, detail };
}

/** Product §8: the server's message when it sent one, otherwise the store's default for that call. */
export function pointsFailure(error: unknown, fallback: PointsStoreError): PointsFailure {
  return failureOf(error, i18n._(STORE_ERRORS[fallback]));
}

/**
 * Whether a failed spending call surely spent nothing: the server refused it (4xx other than 408/429) or the
 * session was gone. After a timeout, a dropped connection or a 5xx the points may have been spent, so the retry
 * must carry the same Idempotency-Key.
 */
export function surelyNotSpent(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'unauthorized') return true;
  const status = error.status ?? 0;
  return error.kind === 'http' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Product §3 history entry types, as the history table and its filter name them. */
export const ENTRY_TYPE_LABELS: Record<PointEntryType, MessageDescriptor> = {
  purchase: msg`Compra propia`,
  prescription: msg`Compra de un paciente`,
  refund: msg`Devolución de puntos`,
  adjustment: msg`Ajuste de la tienda`,
  event: msg`Participación en evento`,
  combo: msg`Compra de combo`,
  product: msg`Canje de producto`,
  batch: msg`Canje de varios productos`,
  subtract: msg`Pago con puntos`,
};
