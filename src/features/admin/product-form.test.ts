import { describe, expect, it } from 'vitest';
import * as productSchemas from '../../lib/shared/admin-product-schemas';
import { maxLengthMessage } from '../../lib/shared/field-schemas';
import {
  checkProductForm,
  emptyProductForm,
  productFormFromDto,
  schemaMessage,
  serverFieldErrors,
} from './product-form';

/** The descriptor's Spanish text with its values in place (`Máximo {count} caracteres.`). */
function i18nText(descriptor: { message?: string; values?: Record<string, unknown> } | undefined): string {
  return (descriptor?.message ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(descriptor?.values?.[name]));
}

function filled() {
  const values = emptyProductForm();
  values.name = 'Schisandra 500 mg';
  values.slug = 'schisandra-500-mg';
  values.serialNumber = 'ADM-SCH';
  values.categoryId = '1';
  values.presentations[0]!.quantity = '60';
  values.prices.mx = { amount: '529,90', vatIncluded: true };
  values.prices.co = { amount: '99000', vatIncluded: false };
  values.discounts = { 2: '12,5' };
  return values;
}

describe('checkProductForm', () => {
  it('turns typed prices into minor units per country: cents for Mexico, whole pesos for Colombia', () => {
    const { errors, input } = checkProductForm(filled());
    expect(errors).toEqual({});
    expect(input?.prices).toEqual({
      co: { amount: 99000, vatIncluded: false },
      mx: { amount: 52990, vatIncluded: true },
      pe: null,
    });
    expect(input?.discounts).toEqual([{ purchaseLevelId: 2, percent: 12.5 }]);
    expect(input?.presentations).toEqual([
      { containerType: 'Frasco', quantity: 60, unitSymbol: 'unidades', isDefault: true },
    ]);
  });

  it('reports every problem at once: negatives, a bad slug, no price, a zero quantity', () => {
    const values = filled();
    values.slug = 'Con Espacios';
    values.stockTracked = true;
    values.stockQuantity = '-2';
    values.prices = {
      co: { amount: '', vatIncluded: false },
      mx: { amount: '', vatIncluded: false },
      pe: { amount: '', vatIncluded: false },
    };
    values.presentations[0]!.quantity = '0';
    values.discounts = { 1: '120' };
    const { errors, input } = checkProductForm(values);
    expect(input).toBeNull();
    expect(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, message?.message]))).toEqual({
      slug: 'Usa solo minúsculas, números y guiones (por ejemplo magnesio-glicinato).',
      stockQuantity: 'El inventario no puede ser negativo.',
      prices: 'Indica el precio en al menos un país.',
      'presentations.0': 'La cantidad de la presentación debe ser un entero mayor que cero.',
      'discounts.1': 'El descuento debe estar entre 0 y 100 %.',
    });
    values.prices.pe = { amount: '-5', vatIncluded: false };
    expect(checkProductForm(values).errors['prices.pe']?.message).toBe('El precio no puede ser negativo.');
  });

  it('round-trips a saved product back into the form in major units', () => {
    const { input } = checkProductForm(filled());
    if (!input) throw new Error('valid form expected');
    const values = productFormFromDto({
      ...input,
      id: 7,
      active: true,
      images: [],
      categoryName: 'Suplementos',
      createdAt: '2026-11-24T00:00:00.000Z',
    });
    expect(values.prices.mx.amount).toBe('529.90');
    expect(values.prices.co.amount).toBe('99000');
    expect(checkProductForm(values).input).toEqual(input);
  });
});

describe('schemaMessage', () => {
  it('has a catalogue entry, in the same words, for every message of the shared schema', () => {
    const messages = [
      ...Object.entries(productSchemas)
        .filter(([name]) => name.endsWith('_MESSAGE'))
        .map(([, message]) => message as string),
      'Campo obligatorio',
      'Valor no válido.',
      'Contiene caracteres no válidos.',
      maxLengthMessage(120),
      maxLengthMessage(4000),
    ];
    expect(messages.length).toBeGreaterThan(15);
    for (const message of messages) {
      const descriptor = schemaMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      expect(i18nText(descriptor), message).toBe(message);
    }
  });

  it('checks lengths the server checks, before sending', () => {
    const values = filled();
    values.name = 'x'.repeat(121);
    expect(i18nText(checkProductForm(values).errors.name)).toBe('Máximo 120 caracteres.');
  });
});

describe('serverFieldErrors', () => {
  it('prefers the server’s fieldErrors', () => {
    expect(
      serverFieldErrors(
        ['Ya existe un producto con este slug.'],
        [{ field: 'slug', message: 'Ya existe un producto con este slug.' }],
      ),
    ).toEqual({ slug: 'Ya existe un producto con este slug.' });
  });

  it('places the server’s field messages by their field name', () => {
    expect(
      serverFieldErrors([
        'slug: Ya existe un producto con este slug.',
        'prices.co: El precio no puede ser negativo.',
        'General',
      ]),
    ).toEqual({
      slug: 'Ya existe un producto con este slug.',
      'prices.co': 'El precio no puede ser negativo.',
    });
  });
});
