import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { POINTS_STORE_ERRORS } from '../../lib/shared/points';
import { pointsFailure, STORE_ERRORS, surelyNotSpent } from './points-messages';

const httpError = (status: number, message: string, fromServer: boolean, errors: string[] = []) =>
  new ApiError(message, 'http', `${status} POST /x`, status, errors, fromServer);

describe('points messages', () => {
  it('says the store defaults of product §8 word for word in Spanish', () => {
    const shown = Object.fromEntries(
      Object.entries(STORE_ERRORS).map(([key, descriptor]) => [key, i18n._(descriptor)]),
    );
    expect(shown).toEqual(POINTS_STORE_ERRORS);
  });

  it('prefers the server’s message and falls back to the store default, saying why the server was not reached', () => {
    expect(
      pointsFailure(httpError(422, 'No tienes puntos suficientes: tienes 10 y necesitas 20', true), 'combo'),
    ).toEqual({
      message: 'No tienes puntos suficientes: tienes 10 y necesitas 20',
      detail: null,
    });
    expect(pointsFailure(httpError(500, 'Ocurrió un error, por favor intenta de nuevo.', false), 'combo')).toEqual({
      message: 'Error al redimir combo',
      detail: null,
    });
    const offline = new ApiError('No se pudo conectar con el servidor.', 'network', '0 POST /x');
    expect(pointsFailure(offline, 'event')).toEqual({
      message: 'Error al redimir evento',
      detail: 'No se pudo conectar con el servidor.',
    });
    expect(pointsFailure(new Error('boom'), 'balance').message).toBe('Error cargando saldo de puntos');
  });

  it('keeps the Idempotency-Key only while a spend may have happened', () => {
    expect(surelyNotSpent(httpError(422, 'x', true))).toBe(true);
    expect(surelyNotSpent(httpError(409, 'Ya participas en este evento.', true))).toBe(true);
    expect(surelyNotSpent(new ApiError('x', 'unauthorized', '401', 401))).toBe(true);
    expect(surelyNotSpent(httpError(500, 'x', false))).toBe(false);
    expect(surelyNotSpent(httpError(429, 'x', false))).toBe(false);
    expect(surelyNotSpent(new ApiError('x', 'timeout', '0 POST /x'))).toBe(false);
    expect(surelyNotSpent(new ApiError('x', 'network', '0 POST /x'))).toBe(false);
  });
});
