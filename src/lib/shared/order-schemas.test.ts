import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import {
  addressInputSchema,
  createOrderRequestSchema,
  customerCountryProblems,
  DOCUMENT_TYPE_MESSAGE,
  EMPTY_BAG_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  LINE_QUANTITY_MESSAGE,
  PRODUCT_TOTAL_MESSAGE,
  quoteRequestSchema,
  SOURCE_ID_MESSAGE,
  TOO_MANY_LINES_MESSAGE,
} from './order-schemas';
import { COLOMBIAN_BUYER } from '../../testing/checkout-data';
import { MAX_LINE_QUANTITY } from './order-limits';
import { CHECKOUT_REQUIRED_MESSAGE, type CreateOrderRequestDto } from './orders';

const problems = (schema: typeof quoteRequestSchema | typeof createOrderRequestSchema, body: unknown) =>
  schema
    .safeParse(body, { reportInput: true })
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message] as const);

const SOURCE_ID = '0F8FAD5B-D9CB-469F-A165-70867728950E';

const ORDER: CreateOrderRequestDto = {
  countryId: 1,
  items: [{ productId: 7, quantity: 2 }],
  pointItems: [],
  promoCode: null,
  discountPoints: 0,
  sourceId: SOURCE_ID,
  ...COLOMBIAN_BUYER,
  // Mixed case on purpose: the schema lowers it.
  customer: { ...COLOMBIAN_BUYER.customer, email: 'Ana@Correo.CO' },
  saveAddress: true,
  paymentMethod: 'visa',
  prescriptionDocumentId: null,
};

describe('quoteRequestSchema', () => {
  it('adds up the same product and keeps each product within the bag’s limit', () => {
    expect(MAX_LINE_QUANTITY).toBe(99);
    const parsed = quoteRequestSchema.parse({
      items: [
        { productId: 7, quantity: 40 },
        { productId: 7, quantity: 9 },
      ],
      promoCode: '  VERANO ',
      price: 1,
    });
    expect(parsed).toEqual({
      countryId: undefined,
      items: [{ productId: 7, quantity: 49 }],
      pointItems: [],
      promoCode: 'VERANO',
      discountPoints: 0,
    });
    expect(problems(quoteRequestSchema, { items: [{ productId: 7, quantity: 100 }] })).toEqual([
      ['items.0.quantity', LINE_QUANTITY_MESSAGE],
    ]);
    expect(
      problems(quoteRequestSchema, {
        items: [
          { productId: 7, quantity: 60 },
          { productId: 7, quantity: 60 },
        ],
      }),
    ).toEqual([['items', PRODUCT_TOTAL_MESSAGE]]);
    const tooMany = Array.from({ length: 101 }, (_, index) => ({ productId: index + 1, quantity: 1 }));
    expect(problems(quoteRequestSchema, { items: tooMany })).toEqual([['items', TOO_MANY_LINES_MESSAGE]]);
  });

  it('says an empty bag only when the lists themselves are well formed', () => {
    expect(problems(quoteRequestSchema, {})).toEqual([['items', EMPTY_BAG_MESSAGE]]);
    expect(problems(quoteRequestSchema, { items: 'todo' })).toEqual([['items', 'Debe ser una lista de productos.']]);
    expect(problems(quoteRequestSchema, { pointItems: [{ productId: 3, quantity: 1 }], countryId: 9 })).toEqual([
      ['countryId', 'Selecciona un país válido.'],
    ]);
    expect(problems(quoteRequestSchema, { items: [{ productId: 1, quantity: 1 }], discountPoints: -1 })).toEqual([
      ['discountPoints', 'Los puntos deben ser un número entero mayor o igual a 0.'],
    ]);
  });
});

describe('createOrderRequestSchema', () => {
  it('reads a whole order as the server keeps it', () => {
    const parsed = createOrderRequestSchema.parse(ORDER);
    expect(parsed).toMatchObject({
      sourceId: SOURCE_ID.toLowerCase(),
      customer: { typeID: 1, numberID: '52.345.671', email: 'ana@correo.co', countryCode: '+57' },
      bill: { typeContributor: 'persona_natural', typeID: undefined, numberID: undefined },
      address: { residenceDetail: '', postalCode: '' },
      saveAddress: true,
    });
  });

  it('says every missing field with the checkout’s copy', () => {
    const found = problems(createOrderRequestSchema, {
      ...ORDER,
      sourceId: undefined,
      paymentMethod: ' ',
      customer: { countryCode: '+57' },
      bill: null,
      address: { postalCode: '' },
    });
    expect(found).toEqual(
      [
        'sourceId',
        'customer.firstName',
        'customer.firstLastName',
        'customer.typeID',
        'customer.numberID',
        'customer.phoneNumber',
        'customer.email',
        'bill.typeContributor',
        'address.address',
        'address.state',
        'address.city',
        'paymentMethod',
      ].map((field) => [field, CHECKOUT_REQUIRED_MESSAGE]),
    );
  });

  it('judges the phone and the document type by the order’s country, with the other problems at once', () => {
    expect(
      problems(createOrderRequestSchema, {
        ...ORDER,
        sourceId: 'abc',
        customer: { ...ORDER.customer, typeID: 4, phoneNumber: '55 1234 5678', email: 'no-es-un-correo' },
        bill: { typeContributor: 'persona_juridica' },
      }),
    ).toEqual([
      ['sourceId', SOURCE_ID_MESSAGE],
      ['customer.email', INVALID_EMAIL_MESSAGE],
      ['bill.numberID', CHECKOUT_REQUIRED_MESSAGE],
      ['customer.typeID', DOCUMENT_TYPE_MESSAGE],
      ['customer.phoneNumber', INVALID_PHONE_MESSAGE],
    ]);
    // Without a country in the body, the route judges the same with the session's.
    const { countryId: _, ...withoutCountry } = ORDER;
    const parsed = createOrderRequestSchema.parse({ ...withoutCountry, customer: { ...ORDER.customer, typeID: 6 } });
    expect(customerCountryProblems(parsed.customer, COUNTRIES.co)).toEqual([
      { path: ['customer', 'typeID'], message: DOCUMENT_TYPE_MESSAGE },
    ]);
    // A DNI is Peru's; a Colombian mobile is not a Peruvian number when no prefix was sent.
    expect(customerCountryProblems({ ...parsed.customer, countryCode: undefined }, COUNTRIES.pe)).toEqual([
      { path: ['customer', 'phoneNumber'], message: INVALID_PHONE_MESSAGE },
    ]);
  });

  it('refuses a group that is not a form without judging its fields', () => {
    expect(problems(createOrderRequestSchema, { ...ORDER, customer: true, bill: 'empresa', address: [] })).toEqual([
      ['customer', 'Valor no válido.'],
      ['bill', 'Valor no válido.'],
      ['address', 'Valor no válido.'],
    ]);
  });

  it('judges the phone by the country even while other fields are still missing', () => {
    expect(
      problems(createOrderRequestSchema, {
        ...ORDER,
        customer: { ...ORDER.customer, firstName: '', phoneNumber: '12345' },
      }),
    ).toEqual([
      ['customer.firstName', CHECKOUT_REQUIRED_MESSAGE],
      ['customer.phoneNumber', INVALID_PHONE_MESSAGE],
    ]);
  });

  it('keeps the shared limits of names, documents and address', () => {
    expect(
      problems(createOrderRequestSchema, {
        ...ORDER,
        customer: { ...ORDER.customer, firstName: 'Ana3', numberID: '10203A4050' },
        bill: { typeContributor: 'persona_juridica', numberID: '900-123-456-7-$' },
        address: { ...ORDER.address, address: 'C'.repeat(201), city: 'M'.repeat(1001) },
      }),
    ).toEqual([
      ['customer.firstName', 'El primer nombre lleva solo letras.'],
      ['customer.numberID', 'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.'],
      ['bill.numberID', 'El número de documento lleva solo letras y números.'],
      ['address.address', 'La dirección admite como máximo 200 caracteres.'],
      ['address.city', 'Máximo 1000 caracteres.'],
    ]);
  });
});

describe('addressInputSchema', () => {
  it('reads the address book’s fields at the top level, blank optional ones as empty', () => {
    expect(addressInputSchema.parse({ address: ' Calle 1 ', state: 'Lima', city: 'Lima', countryId: 3 })).toEqual({
      address: 'Calle 1',
      residenceDetail: '',
      state: 'Lima',
      city: 'Lima',
      postalCode: '',
      countryId: 3,
    });
    expect(addressInputSchema.safeParse({ city: 'Lima' }).error?.issues.map((issue) => issue.path[0])).toEqual([
      'address',
      'state',
    ]);
  });
});
