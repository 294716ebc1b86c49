import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { serverFieldErrors } from './server-field-errors';

const httpError = (status: number, message: string, fromServer: boolean, errors: string[] = []) =>
  new ApiError(message, 'http', `${status} POST /x`, status, errors, fromServer);

describe('serverFieldErrors', () => {
  it('matches the server’s problem lines to fields by label or wire name', () => {
    const error = httpError(400, 'Revisa los datos del formulario.', true, [
      'Puntos requeridos: Debe ser un número entero de puntos entre 1 y 10000000.',
      'countries: Indica al menos un país.',
      'Otra cosa sin campo',
    ]);
    expect(
      serverFieldErrors(error, {
        points: ['requiredPoints', 'Puntos requeridos'],
        countries: ['Países'],
        name: ['Nombre'],
      }),
    ).toEqual({
      points: 'Debe ser un número entero de puntos entre 1 y 10000000.',
      countries: 'Indica al menos un país.',
    });
    expect(serverFieldErrors(new Error('x'), { name: ['Nombre'] })).toEqual({});
  });

  it('takes the server’s fieldErrors first, by wire name', () => {
    const error = new ApiError(
      'Revisa los datos del formulario.',
      'http',
      '409 POST /patients',
      409,
      [],
      true,
      'Conflict',
      [{ field: 'email', message: 'Ya existe un paciente con este correo.' }],
    );
    expect(serverFieldErrors(error, { email: [], document_number: [] })).toEqual({
      email: 'Ya existe un paciente con este correo.',
    });
  });
});
