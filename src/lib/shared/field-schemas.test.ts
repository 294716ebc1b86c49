import { describe, expect, it } from 'vitest';
import {
  asOneField,
  flag,
  integerField,
  optionalText,
  queryBoolean,
  queryInteger,
  queryOneOf,
  queryText,
  requiredText,
} from './field-schemas';
import { z } from './zod';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('text fields', () => {
  const schema = z.object({ name: requiredText(5), note: optionalText(5) });

  it('trims, reads numbers as typed and blank as not given', () => {
    expect(schema.parse({ name: '  Ana ', note: '   ' })).toEqual({ name: 'Ana', note: undefined });
    expect(schema.parse({ name: 12345, note: null })).toEqual({ name: '12345', note: undefined });
  });

  it('says what is wrong in Spanish: missing, not text, too long, control characters', () => {
    expect(messages(schema.safeParse({}))).toEqual([['name', 'Campo obligatorio']]);
    expect(messages(schema.safeParse({ name: '  ', note: 'demasiado' }))).toEqual([
      ['name', 'Campo obligatorio'],
      ['note', 'Máximo 5 caracteres.'],
    ]);
    expect(messages(schema.safeParse({ name: { a: 1 }, note: ['x'] }))).toEqual([
      ['name', 'Valor no válido.'],
      ['note', 'Valor no válido.'],
    ]);
    expect(messages(schema.safeParse({ name: 'a\u0000b' }))).toEqual([['name', 'Contiene caracteres no válidos.']]);
  });
});

describe('integerField', () => {
  const schema = integerField('Elige una cantidad válida.', 1, 10);

  it('keeps whole numbers within the range', () => {
    expect(schema.parse(10)).toBe(10);
  });

  it('refuses anything else with its one message, and missing with "Campo obligatorio"', () => {
    for (const value of [0, 11, 1.5, 1e308, 2 ** 31, Number.NaN, '3', true]) {
      // The field's first problem is what a form or the server shows; every problem says the same.
      expect(new Set(messages(schema.safeParse(value))?.map(([, message]) => message)), String(value)).toEqual(
        new Set(['Elige una cantidad válida.']),
      );
    }
    expect(messages(schema.safeParse(undefined))).toEqual([['', 'Campo obligatorio']]);
    expect(messages(schema.safeParse(null))).toEqual([['', 'Campo obligatorio']]);
  });
});

describe('flag and asOneField', () => {
  it('reads true as yes, false, null and missing as no, and refuses the rest', () => {
    expect([true, false, null, undefined].map((value) => flag.parse(value))).toEqual([true, false, false, false]);
    expect(messages(flag.safeParse('true'))).toEqual([['', 'Valor no válido.']]);
  });

  it('reports a group’s first problem at the group', () => {
    const schema = z.object({ price: asOneField(z.object({ amount: integerField('Escribe el precio.', 0) })) });
    expect(schema.parse({ price: { amount: 5 } })).toEqual({ price: { amount: 5 } });
    expect(messages(schema.safeParse({ price: { amount: -1 } }))).toEqual([['price', 'Escribe el precio.']]);
  });
});

describe('query parameters', () => {
  const schema = z.object({
    page: queryInteger('page', { min: 1 }),
    status: queryOneOf('status', ['new', 'closed'] as const),
    search: queryText('search', 5),
  });

  it('reads text, blank as not given and a repeated value once', () => {
    expect(schema.parse({ page: '2', status: ['new', 'closed'], search: '  ab ' })).toEqual({
      page: 2,
      status: 'new',
      search: 'ab',
    });
    expect(schema.parse({ page: '', search: '   ' })).toEqual({});
  });

  it('reads a flag as true/1 or false/0, and a value case-insensitively when told', () => {
    const flags = z.object({
      featured: queryBoolean('featured'),
      order: queryOneOf('order', ['asc', 'desc'] as const, { caseInsensitive: true }),
    });
    expect(flags.parse({ featured: '1', order: 'DESC' })).toEqual({ featured: true, order: 'desc' });
    expect(flags.parse({ featured: 'false' })).toEqual({ featured: false });
    expect(messages(flags.safeParse({ featured: 'constructor', order: 'up' }))).toEqual([
      ['featured', 'El parámetro "featured" debe ser true o false.'],
      ['order', 'El parámetro "order" debe ser uno de: asc, desc.'],
    ]);
  });

  it('names the parameter in its Spanish message, as the query reader always did', () => {
    expect(messages(schema.safeParse({ page: '1.5', status: 'x', search: 'abcdef' }))).toEqual([
      ['page', 'El parámetro "page" debe ser un número entero entre 1 y 2147483647.'],
      ['status', 'El parámetro "status" debe ser uno de: new, closed.'],
      ['search', 'El parámetro "search" admite como máximo 5 caracteres.'],
    ]);
    for (const page of ['0', '-1', '1e3', 'abc', '2147483648']) {
      expect(schema.safeParse({ page }).success, page).toBe(false);
    }
    expect(messages(schema.safeParse({ search: 'a\u0007' }))).toEqual([
      ['search', 'El parámetro "search" contiene caracteres no válidos.'],
    ]);
  });
});
