import { describe, expect, it } from 'vitest';
import {
  addressLimitsSchema,
  documentNumberProblem,
  matchesDocumentType,
  numericDocumentMessage,
  personNameLimitsSchema,
  personNameRules,
} from './personal-data';
import { validateForm } from './form-validation';
import type { z } from './zod';

/** Field → message of the first problem of each field. */
function limitProblems(schema: z.ZodType, values: object): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) problems[issue.path.join('.')] ??= issue.message;
  return problems;
}

const customer = {
  firstName: 'María José',
  secondName: '',
  firstLastName: "O'Neill-Gómez",
  secondLastName: '',
};
const address = {
  address: 'Calle 93 # 11-26',
  residenceDetail: '',
  state: 'Cundinamarca',
  city: 'Bogotá',
  postalCode: '',
};

describe('personal data limits (issue #16)', () => {
  it('accepts what people type: accents, apostrophes, a cédula with dots', () => {
    expect(limitProblems(personNameLimitsSchema, customer)).toEqual({});
    expect(limitProblems(addressLimitsSchema, address)).toEqual({});
  });

  it('says each limit with the field’s own message, under the form’s path', () => {
    expect(limitProblems(addressLimitsSchema, { ...address, address: 'C'.repeat(201), city: 'B'.repeat(101) })).toEqual(
      {
        address: 'La dirección admite como máximo 200 caracteres.',
        city: 'La ciudad admite como máximo 100 caracteres.',
      },
    );
    expect(
      limitProblems(personNameLimitsSchema, { ...customer, firstName: 'Ana2', secondLastName: 'x'.repeat(81) }),
    ).toEqual({
      firstName: 'El primer nombre lleva solo letras.',
      secondLastName: 'El segundo apellido admite como máximo 80 caracteres.',
    });
  });

  it('judges the document number by its type: digits for a cédula and a DNI, letters allowed elsewhere', () => {
    expect(documentNumberProblem(1, '52A45671')).toBe(
      'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.',
    );
    expect(documentNumberProblem('6', '1234567')).toBe('El DNI lleva 8 números, sin letras.');
    expect(documentNumberProblem(6, '12345678')).toBeNull();
    expect(documentNumberProblem(3, 'AB 123-456')).toBeNull();
    expect(documentNumberProblem(3, 'AB#123')).toBe('El número de documento lleva solo letras y números.');
    expect(documentNumberProblem(1, '')).toBeNull();
  });

  it('gives the registration forms the rule of their country’s digits-only document', () => {
    expect(numericDocumentMessage(1)).toMatch(/^La cédula de ciudadanía/);
    expect(numericDocumentMessage(3)).toMatch(/^El DNI/);
    expect(numericDocumentMessage(2)).toBeUndefined();
    expect(matchesDocumentType('1', '52A45671')).toBe(false);
    expect(matchesDocumentType('2', 'E-123456')).toBe(true);
  });

  it('gives the registration forms the checkout’s name rule, judged the same by the form engine', async () => {
    const field = {
      name: 'last_name',
      type: 'text' as const,
      label: 'Apellidos',
      step: 1,
      rules: personNameRules({ name: 'Los apellidos', plural: true }),
    };
    const judge = (value: string) => validateForm({ fields: [field] }, { last_name: value });
    expect(await judge("O'Neill-Gómez Ñúñez")).toEqual([]);
    expect(await judge('Rojas 2')).toEqual([{ field: 'last_name', message: 'Los apellidos llevan solo letras.' }]);
    expect(await judge('x'.repeat(81))).toEqual([
      { field: 'last_name', message: 'Los apellidos admiten como máximo 80 caracteres.' },
    ]);
    // The checkout's schema refuses the same names.
    expect(limitProblems(personNameLimitsSchema, { ...customer, firstLastName: 'Rojas 2' })).toEqual({
      firstLastName: 'El primer apellido lleva solo letras.',
    });
  });
});
