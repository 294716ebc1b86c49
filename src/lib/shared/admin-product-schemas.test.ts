import { describe, expect, it } from 'vitest';
import { adminProductInputSchema, adminProductListQuerySchema } from './admin-product-schemas';
import { schemaProblems } from '../../testing/schema-problems';

const PRODUCT = {
  name: ' Schisandra 500 mg ',
  slug: 'schisandra-500-mg',
  serialNumber: 'ADM-SCH',
  categoryId: 1,
  prices: { co: { amount: 99000, vatIncluded: true } },
  presentations: [{ containerType: 'Frasco', quantity: 60, unitSymbol: 'cápsulas' }],
};

const problems = (body: unknown) => schemaProblems(adminProductInputSchema, body);

describe('adminProductInputSchema', () => {
  it('fills what the editor may leave out and keeps exactly one default presentation', () => {
    expect(
      adminProductInputSchema.parse({
        ...PRODUCT,
        presentations: [...PRODUCT.presentations, { quantity: 30, isDefault: true }],
        discounts: [
          { purchaseLevelId: 2, percent: 12.345 },
          { purchaseLevelId: 2, percent: 50 },
        ],
      }),
    ).toEqual({
      name: 'Schisandra 500 mg',
      slug: 'schisandra-500-mg',
      description: '',
      tag: '',
      capsuleInfo: null,
      serialNumber: 'ADM-SCH',
      categoryId: 1,
      pharmaceuticalFormId: null,
      stockTracked: false,
      stockQuantity: null,
      pointsPrice: null,
      featured: false,
      requiresSignedPrescription: false,
      prices: { co: { amount: 99000, vatIncluded: true }, mx: null, pe: null },
      presentations: [
        { containerType: 'Frasco', quantity: 60, unitSymbol: 'cápsulas', isDefault: false },
        { containerType: '', quantity: 30, unitSymbol: '', isDefault: true },
      ],
      discounts: [{ purchaseLevelId: 2, percent: 12.35 }],
    });
  });

  it('asks for a signed prescription in the hormones category, and forgets an untracked stock', () => {
    const parsed = adminProductInputSchema.parse({ ...PRODUCT, categoryId: 4, stockTracked: false, stockQuantity: 9 });
    expect(parsed).toMatchObject({ requiresSignedPrescription: true, stockQuantity: null });
  });

  it('says every problem at once, per field, in Spanish', () => {
    expect(problems({})).toEqual([
      ['name', 'Campo obligatorio'],
      ['slug', 'Campo obligatorio'],
      ['serialNumber', 'Campo obligatorio'],
      ['categoryId', 'Campo obligatorio'],
      ['prices', 'Indica el precio en al menos un país.'],
      ['presentations', 'Agrega al menos una presentación.'],
    ]);
    expect(
      problems({
        ...PRODUCT,
        slug: 'Con Espacios',
        categoryId: 'uno',
        pharmaceuticalFormId: 0,
        stockTracked: true,
        stockQuantity: -1,
        pointsPrice: 0,
        prices: { co: { amount: -100 }, mx: { amount: 1e308 }, pe: { amount: 2_000_000_000 } },
        presentations: [{ quantity: 0 }],
        discounts: [
          { purchaseLevelId: 9, percent: 10 },
          { purchaseLevelId: 1, percent: 120 },
        ],
      }),
    ).toEqual([
      ['slug', 'Usa solo minúsculas, números y guiones (por ejemplo magnesio-glicinato).'],
      ['categoryId', 'Selecciona una categoría válida.'],
      ['pharmaceuticalFormId', 'Selecciona una forma válida.'],
      ['stockQuantity', 'El inventario no puede ser negativo.'],
      ['pointsPrice', 'El precio en puntos debe ser un número entero mayor que cero.'],
      ['prices.co', 'El precio no puede ser negativo.'],
      ['prices.mx', 'Escribe el precio en números.'],
      ['prices.pe', 'El precio es demasiado alto.'],
      ['presentations.0', 'La cantidad de la presentación debe ser un entero mayor que cero.'],
      ['discounts', 'El nivel de compra no es válido.'],
      ['discounts.1', 'El descuento debe estar entre 0 y 100 %.'],
    ]);
  });

  it('bounds lengths, stock and presentations', () => {
    expect(problems({ ...PRODUCT, name: 'x'.repeat(121), stockTracked: true })).toEqual([
      ['name', 'Máximo 120 caracteres.'],
      ['stockQuantity', 'Campo obligatorio'],
    ]);
    expect(problems({ ...PRODUCT, stockTracked: true, stockQuantity: 1_000_001 })).toEqual([
      ['stockQuantity', 'El inventario no puede superar 1.000.000 unidades.'],
    ]);
    expect(problems({ ...PRODUCT, stockTracked: true, stockQuantity: '5' })).toEqual([
      ['stockQuantity', 'El inventario debe ser un número entero.'],
    ]);
    expect(problems({ ...PRODUCT, presentations: Array.from({ length: 11 }, () => ({ quantity: 1 })) })).toEqual([
      ['presentations', 'Máximo 10 presentaciones.'],
    ]);
  });
});

describe('adminProductListQuerySchema', () => {
  it('reads the first page by default and refuses what the list cannot use', () => {
    expect(adminProductListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(adminProductListQuerySchema.parse({ search: ' magnesio ', page: '3', signedPrescription: 'true' })).toEqual({
      search: 'magnesio',
      page: 3,
      signedPrescription: 'true',
    });
    expect(
      adminProductListQuerySchema
        .safeParse({ page: '0', signedPrescription: 'yes' })
        .error?.issues.map((i) => i.message),
    ).toEqual([
      'El parámetro "page" debe ser un número entero entre 1 y 2147483647.',
      'El parámetro "signedPrescription" debe ser uno de: true.',
    ]);
  });
});
