import { describe, expect, it } from 'vitest';
import {
  createPatientSchema,
  dateRangeQuerySchema,
  patientChangesSchema,
  patientListQuerySchema,
  REVERSED_DATE_RANGE_MESSAGE,
} from './patient-schemas';
import { PATIENT_REQUIRED_FIELDS, PATIENT_REQUIRED_MESSAGE } from './prescriptions';
import { PATIENT_ATTESTATION_MESSAGE } from './privacy';
import { schemaProblems } from '../../testing/schema-problems';

const form = {
  first_name: ' Lucía ',
  last_name: 'Restrepo',
  birth_date: '1988-06-15',
  gender: 'femenino',
  email: ' Lucia@Prueba.TEST ',
  country_id: '1',
  document_type_id: 1,
  document_number: '52.345.671-x',
  country_code: '+57',
  phone_number: '310 555-0101',
  consent_attested: true,
};

describe('createPatientSchema', () => {
  it('answers the register columns: trimmed, normalised, selects as numbers', () => {
    expect(createPatientSchema.parse(form)).toEqual({
      first_name: 'Lucía',
      last_name: 'Restrepo',
      birth_date: '1988-06-15',
      gender: 'femenino',
      email: 'lucia@prueba.test',
      country_id: 1,
      document_type_id: 1,
      document_number: '52345671X',
      country_code: '+57',
      phone_number: '3105550101',
      consent_attested: true,
    });
    const withoutOptional = createPatientSchema.parse({
      ...form,
      gender: null,
      country_id: '',
      document_type_id: '',
      country_code: undefined,
    });
    expect(withoutOptional).toMatchObject({ gender: null, document_type_id: null, country_code: null });
    expect(withoutOptional.country_id).toBeUndefined();
  });

  it('says "Debes completar este campo" for each required field, and the attestation after them', () => {
    expect(schemaProblems(createPatientSchema, { gender: 'femenino', first_name: '   ' })).toEqual([
      ...PATIENT_REQUIRED_FIELDS.map((field) => [field, PATIENT_REQUIRED_MESSAGE]),
      ['consent_attested', PATIENT_ATTESTATION_MESSAGE],
    ]);
    expect(schemaProblems(createPatientSchema, { ...form, consent_attested: 'true' })).toEqual([
      ['consent_attested', PATIENT_ATTESTATION_MESSAGE],
    ]);
  });

  it('refuses wrong values with the first rule each breaks, in Spanish', () => {
    expect(
      schemaProblems(createPatientSchema, {
        ...form,
        first_name: 'x'.repeat(81),
        birth_date: '2001-02-30',
        gender: 'x',
        email: 'sin-arroba',
        country_id: 9,
        document_type_id: '99',
        document_number: '12',
        country_code: '+1',
        phone_number: '12',
      }),
    ).toEqual([
      ['first_name', 'Máximo 80 caracteres.'],
      ['birth_date', 'La fecha de nacimiento no existe.'],
      ['gender', 'Selecciona una opción de la lista.'],
      ['email', 'Escribe un correo electrónico válido.'],
      ['country_id', 'Selecciona un país de la lista.'],
      ['document_type_id', 'Selecciona un tipo de documento de la lista.'],
      ['document_number', 'El documento debe tener entre 5 y 20 letras o números.'],
      ['country_code', 'Selecciona el indicativo de la lista.'],
      ['phone_number', 'El número debe tener entre 7 y 15 dígitos.'],
    ]);
    const birthDate = (birth_date: string) => schemaProblems(createPatientSchema, { ...form, birth_date });
    expect(birthDate('15/06/1988')).toEqual([['birth_date', 'Escribe la fecha como AAAA-MM-DD.']]);
    expect(birthDate('1899-12-31')).toEqual([['birth_date', 'Revisa la fecha de nacimiento.']]);
    expect(birthDate('2999-01-01')).toEqual([['birth_date', 'La fecha de nacimiento no puede ser futura.']]);
    expect(schemaProblems(createPatientSchema, { ...form, last_name: { text: 'x' }, email: 'a\u0000@b.co' })).toEqual([
      ['last_name', 'Valor no válido.'],
      ['email', 'Contiene caracteres no válidos.'],
    ]);
  });
});

describe('patientChangesSchema', () => {
  it('reads only the fields present, and refuses emptying a required one', () => {
    expect(patientChangesSchema.parse({ gender: '', phone_number: '(310) 555 0102' })).toEqual({
      gender: null,
      phone_number: '3105550102',
    });
    expect(patientChangesSchema.parse({})).toEqual({});
    expect(schemaProblems(patientChangesSchema, { first_name: ' ', last_name: null })).toEqual([
      ['first_name', PATIENT_REQUIRED_MESSAGE],
      ['last_name', PATIENT_REQUIRED_MESSAGE],
    ]);
  });
});

describe('the register queries', () => {
  it('pages the list, with the query reader messages', () => {
    expect(patientListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(patientListQuerySchema.parse({ search: ' ana ', adherencia: 'se-acaba', page: '2', limit: '5' })).toEqual({
      search: 'ana',
      adherencia: 'se-acaba',
      page: 2,
      limit: 5,
    });
    expect(schemaProblems(patientListQuerySchema, { limit: '0', adherencia: 'todo' })).toEqual([
      ['adherencia', 'El parámetro "adherencia" debe ser uno de: se-acaba.'],
      ['limit', 'El parámetro "limit" debe ser un número entero entre 1 y 100.'],
    ]);
  });

  it('takes real days, the first not after the last', () => {
    expect(dateRangeQuerySchema.parse({ from: '2025-01-01', to: '2025-01-31' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(schemaProblems(dateRangeQuerySchema, { from: '2025-02-01', to: '2025-01-01' })).toEqual([
      ['from', REVERSED_DATE_RANGE_MESSAGE],
    ]);
    expect(schemaProblems(dateRangeQuerySchema, { from: '01/02/2025', to: '2025-02-30' })).toEqual([
      ['from', 'La fecha "from" debe tener el formato AAAA-MM-DD.'],
      ['to', 'La fecha "to" debe tener el formato AAAA-MM-DD.'],
    ]);
  });
});
