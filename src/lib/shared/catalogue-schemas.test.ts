import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../testing/schema-problems';
import * as catalogue from './catalogue-schemas';
import * as lists from './list-query-schemas';

describe('productListQuerySchema', () => {
  it('fills the page, the order and the limit when the query says nothing', () => {
    expect(catalogue.productListQuerySchema.parse({})).toEqual({
      all: false,
      offset: 0,
      orderBy: 'name',
      order: 'asc',
      limit: 24,
      role_id: undefined,
      purchase_level_id: undefined,
      category_id: undefined,
      pharmaceutical_form_id: undefined,
      featured: undefined,
      search: undefined,
      country_id: undefined,
    });
  });

  it('reads every filter, the order in any case and a search trimmed', () => {
    const query = catalogue.productListQuerySchema.parse({
      limit: '12',
      offset: '24',
      orderBy: 'price',
      order: 'DESC',
      category_id: '3',
      pharmaceutical_form_id: '2',
      featured: '1',
      search: '  magnesio ',
      country_id: '2',
    });
    expect(query).toMatchObject({ limit: 12, offset: 24, orderBy: 'price', order: 'desc', featured: true });
    expect(query).toMatchObject({ category_id: 3, pharmaceutical_form_id: 2, search: 'magnesio', country_id: 2 });
  });

  it('bounds the limit by a page unless the whole list is asked for', () => {
    expect(schemaProblems(catalogue.productListQuerySchema, { limit: '101' })).toEqual([
      ['limit', 'El parámetro "limit" debe ser un número entero entre 1 y 100.'],
    ]);
    expect(catalogue.productListQuerySchema.parse({ all: 'true', limit: '5000' }).limit).toBe(5000);
    expect(catalogue.productListQuerySchema.parse({ all: 'true' }).limit).toBeUndefined();
  });

  it('says every problem at once, the limit included, and refuses a country the store does not serve', () => {
    expect(
      schemaProblems(catalogue.productListQuerySchema, {
        limit: '0',
        orderBy: 'stock',
        featured: 'yes',
        search: 'x'.repeat(101),
        country_id: '99',
      }),
    ).toEqual([
      ['orderBy', 'El parámetro "orderBy" debe ser uno de: name, price, created_at, featured.'],
      ['featured', 'El parámetro "featured" debe ser true o false.'],
      ['search', 'El parámetro "search" admite como máximo 100 caracteres.'],
      ['country_id', 'El país 99 no está disponible en la tienda.'],
      ['limit', 'El parámetro "limit" debe ser un número entero entre 1 y 100.'],
    ]);
  });

  it('refuses control characters in the search', () => {
    expect(schemaProblems(catalogue.productListQuerySchema, { search: 'mag\u0000nesio' })).toEqual([
      ['search', 'El parámetro "search" contiene caracteres no válidos.'],
    ]);
  });
});

describe('the catalogue’s other requests', () => {
  it('prices a product or the categories for a served country only', () => {
    expect(catalogue.catalogueQuerySchema.parse({ country_id: '3' })).toEqual({ country_id: 3 });
    expect(schemaProblems(catalogue.catalogueQuerySchema, { country_id: '4' })).toEqual([
      ['country_id', 'El país 4 no está disponible en la tienda.'],
    ]);
    expect(schemaProblems(catalogue.pharmaceuticalFormsQuerySchema, { category_id: '0' })).toEqual([
      ['category_id', 'El parámetro "category_id" debe ser un número entero entre 1 y 2147483647.'],
    ]);
  });

  it('asks the serial search for a serial', () => {
    expect(catalogue.serialSearchSchema.parse({ number_serial: ' SN-1 ' })).toEqual({ number_serial: 'SN-1' });
    expect(schemaProblems(catalogue.serialSearchSchema, {})).toEqual([['number_serial', 'Campo obligatorio']]);
  });

  it('sizes an image to one of the responsive widths, at 75 % unless asked', () => {
    expect(catalogue.imageSizeQuerySchema.parse({ w: '640' })).toEqual({ w: 640, q: 75 });
    expect(catalogue.imageSizeQuerySchema.parse({ q: '40' })).toEqual({ w: undefined, q: 40 });
    expect(schemaProblems(catalogue.imageSizeQuerySchema, { w: '641', q: '101' })).toEqual([
      ['w', 'El parámetro "w" debe ser uno de: 640, 750, 828, 1080, 1200, 1920, 2048, 3840.'],
      ['q', 'El parámetro "q" debe ser un número entero entre 1 y 100.'],
    ]);
  });
});

describe('a member’s lists', () => {
  it('pages the orders and the points history with their defaults and bounds', () => {
    expect(lists.orderListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, country_id: undefined });
    expect(schemaProblems(lists.orderListQuerySchema, { limit: '51' })).toEqual([
      ['limit', 'El parámetro "limit" debe ser un número entero entre 1 y 50.'],
    ]);
    expect(lists.pointsHistoryQuerySchema.parse({ page: '2', limit: '100' })).toEqual({
      type: undefined,
      page: 2,
      limit: 100,
    });
    expect(schemaProblems(lists.pointsHistoryQuerySchema, { type: 'gift' })?.[0]?.[0]).toBe('type');
    expect(lists.addressListQuerySchema.parse({ country_id: '1' })).toEqual({ country_id: 1 });
  });
});
