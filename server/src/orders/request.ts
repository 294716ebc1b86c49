import { DOCUMENT_TYPES } from '../../../src/lib/shared/accounts';
import { countryById, type CountryInfo } from '../../../src/lib/shared/countries';
import {
  CHECKOUT_REQUIRED_MESSAGE,
  COMPANY_TAX_ID_TYPES,
  PAYMENT_METHODS,
  TAXPAYER_TYPES,
  type AddressInputDto,
  type BillFormDto,
  type CheckoutCustomerDto,
  type OrderLineInputDto,
  type PaymentMethod,
  type QuoteRequestDto,
} from '../../../src/lib/shared/orders';
import {
  addressLimitsSchema,
  billLimitsSchema,
  customerLimitsSchema,
  limitProblems,
} from '../../../src/lib/shared/personal-data';
import { isValidPhone } from '../../../src/lib/shared/phone';
import { MAX_INT4 } from '../db/schema';
import { FieldProblems, REQUIRED_FIELD_MESSAGE } from '../http/body';
import { isRecord } from '../../../src/lib/shared/records';

const MAX_LINE_QUANTITY = 999;
const MAX_ORDER_LINES = 100;
/** Longest raw text read before the shared limits judge it: a bound on what is parsed, never the message shown. */
const MAX_RAW_TEXT_LENGTH = 1000;
const MAX_EMAIL_LENGTH = 254;
const MAX_PROMO_CODE_LENGTH = 40;

export const EMPTY_BAG_MESSAGE = 'No hay productos en la bolsa.';
export const INVALID_PHONE_MESSAGE = 'El número de teléfono no es válido para el país seleccionado';
const INVALID_EMAIL_MESSAGE = 'Ingresa un correo electrónico válido.';
export const SESSION_COUNTRY_MESSAGE = 'El país del pedido debe ser el de tu sesión.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/** The checkout's fields as its form labels them: a refusal at 'Pagar' reads 'Ciudad: …', never 'address.city: …'. */
const CHECKOUT_FIELD_LABELS: Record<string, string> = {
  items: 'Productos',
  pointItems: 'Productos con puntos',
  promoCode: 'Código promocional',
  discountPoints: 'Puntos',
  paymentMethod: 'Medio de pago',
  'customer.firstName': 'Primer nombre',
  'customer.secondName': 'Segundo nombre',
  'customer.firstLastName': 'Primer apellido',
  'customer.secondLastName': 'Segundo apellido',
  'customer.typeID': 'Tipo de documento',
  'customer.numberID': 'Número de documento',
  'customer.phoneNumber': 'Número de celular',
  'customer.email': 'Correo electrónico',
  'bill.typeContributor': 'Tipo de contribuyente',
  'bill.numberID': 'Número de identificación tributaria',
  'address.address': 'Dirección',
  'address.residenceDetail': 'Detalle de residencia',
  'address.state': 'Departamento o estado',
  'address.city': 'Ciudad',
  'address.postalCode': 'Código postal',
  address: 'Dirección',
  residenceDetail: 'Detalle de residencia',
  state: 'Departamento o estado',
  city: 'Ciudad',
  postalCode: 'Código postal',
};

/** Field problems with the checkout's copy for missing fields, 'Debes completar este campo' (product §5). */
export class CheckoutProblems extends FieldProblems {
  constructor() {
    super(CHECKOUT_FIELD_LABELS);
  }

  override add(field: string, message: string): void {
    super.add(field, message === REQUIRED_FIELD_MESSAGE ? CHECKOUT_REQUIRED_MESSAGE : message);
  }

  override assertNone(message?: string): void {
    const allRequired = this.fieldErrors.every((error) => error.message === CHECKOUT_REQUIRED_MESSAGE);
    super.assertNone(message ?? (allRequired ? CHECKOUT_REQUIRED_MESSAGE : undefined));
  }
}

function isWholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

const isStoredId = (value: unknown): value is number => isWholeNumber(value, 1, MAX_INT4);

/** The fields of a nested form under their paths (`customer.firstName`), the names the storefront's forms use. */
function fieldsOf(body: Record<string, unknown>, group: string): Record<string, unknown> {
  const value = body[group];
  return Object.fromEntries(Object.entries(isRecord(value) ? value : {}).map(([key, v]) => [`${group}.${key}`, v]));
}

/** Cart lines; the same product twice becomes one line with both quantities. */
function readLines(problems: FieldProblems, body: Record<string, unknown>, field: string): OrderLineInputDto[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    problems.add(field, 'Debe ser una lista de productos.');
    return [];
  }
  if (raw.length > MAX_ORDER_LINES) {
    problems.add(field, `Un pedido admite como máximo ${MAX_ORDER_LINES} productos distintos.`);
    return [];
  }
  const quantities = new Map<number, number>();
  raw.forEach((line: unknown, index) => {
    const productId = isRecord(line) ? line.productId : undefined;
    const quantity = isRecord(line) ? line.quantity : undefined;
    if (!isStoredId(productId)) problems.add(`${field}.${index}.productId`, 'El producto no es válido.');
    else if (!isWholeNumber(quantity, 1, MAX_LINE_QUANTITY)) {
      problems.add(
        `${field}.${index}.quantity`,
        `La cantidad debe ser un número entero entre 1 y ${MAX_LINE_QUANTITY}.`,
      );
    } else quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  });
  if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY)) {
    problems.add(field, `La cantidad de cada producto debe estar entre 1 y ${MAX_LINE_QUANTITY}.`);
  }
  return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
}

export type QuoteInput = QuoteRequestDto;

/** `countryId`: one of the store's countries; the session's when absent. */
export function readCountry(
  problems: FieldProblems,
  body: Record<string, unknown>,
  sessionCountryId: number,
): CountryInfo {
  const sessionCountry = countryById(sessionCountryId) as CountryInfo;
  if (body.countryId === undefined || body.countryId === null) return sessionCountry;
  const country = isStoredId(body.countryId) ? countryById(body.countryId) : undefined;
  if (!country) problems.add('countryId', 'Selecciona un país válido.');
  return country ?? sessionCountry;
}

/** `QuoteRequestDto` fields; the order must be for the session's country. Extra fields (prices...) are ignored. */
export function readQuoteRequest(
  problems: FieldProblems,
  body: Record<string, unknown>,
  sessionCountryId: number,
): QuoteInput & { country: CountryInfo } {
  const country = readCountry(problems, body, sessionCountryId);
  if (!problems.has('countryId') && country.countryId !== sessionCountryId) {
    problems.add('countryId', SESSION_COUNTRY_MESSAGE);
  }
  const items = readLines(problems, body, 'items');
  const pointItems = readLines(problems, body, 'pointItems');
  const sentLines = [body.items, body.pointItems].some((lines) => Array.isArray(lines) && lines.length > 0);
  if (!sentLines && !problems.has('items') && !problems.has('pointItems')) problems.add('items', EMPTY_BAG_MESSAGE);
  const promoCode = problems.text(body, 'promoCode', { maxLength: MAX_PROMO_CODE_LENGTH }) ?? null;
  const discountPoints = body.discountPoints ?? 0;
  const validPoints = isWholeNumber(discountPoints, 0, MAX_INT4);
  if (!validPoints) problems.add('discountPoints', 'Los puntos deben ser un número entero mayor o igual a 0.');
  return {
    country,
    countryId: country.countryId,
    items,
    pointItems,
    promoCode,
    discountPoints: validPoints ? discountPoints : 0,
  };
}

/** Records the shared schema's limit problems of what was read, under the form's paths. */
function addLimitProblems(problems: FieldProblems, found: Record<string, string>): void {
  for (const [field, message] of Object.entries(found)) problems.add(field, message);
}

/**
 * Address fields (product §3 address copy). `prefix` names them as the order's nested form does (`address.city`);
 * the address book reads them at the top level. Their limits are the shared schema's, which the checkout shows too.
 */
export function readAddress(problems: FieldProblems, body: Record<string, unknown>, prefix = ''): AddressInputDto {
  const fields = prefix ? fieldsOf(body, prefix) : body;
  const path = (key: keyof AddressInputDto) => (prefix ? `${prefix}.${key}` : key);
  const text = (key: keyof AddressInputDto, required: boolean) =>
    problems.text(fields, path(key), { required, maxLength: MAX_RAW_TEXT_LENGTH }) ?? '';
  const address: AddressInputDto = {
    address: text('address', true),
    residenceDetail: text('residenceDetail', false),
    state: text('state', true),
    city: text('city', true),
    postalCode: text('postalCode', false),
  };
  addLimitProblems(problems, limitProblems(addressLimitsSchema, { ...address }, prefix));
  return address;
}

function readCustomer(problems: FieldProblems, body: Record<string, unknown>, country: CountryInfo) {
  const fields = fieldsOf(body, 'customer');
  const name = (key: string, required: boolean) =>
    problems.text(fields, `customer.${key}`, { required, maxLength: MAX_RAW_TEXT_LENGTH }) ?? '';
  const typeText = problems.text(fields, 'customer.typeID', { required: true, maxLength: 10 });
  const documentType = DOCUMENT_TYPES.find(
    (type) => String(type.id) === typeText && (type.countryId === null || type.countryId === country.countryId),
  );
  if (typeText !== undefined && !documentType)
    problems.add('customer.typeID', 'Selecciona un tipo de documento válido.');
  const numberID = problems.text(fields, 'customer.numberID', { required: true, maxLength: MAX_RAW_TEXT_LENGTH });
  const countryCode = problems.text(fields, 'customer.countryCode', { maxLength: 5 }) ?? country.dialCode;
  const phoneNumber = problems.text(fields, 'customer.phoneNumber', { required: true, maxLength: 30 });
  if (phoneNumber !== undefined && !isValidPhone(countryCode, phoneNumber)) {
    problems.add('customer.phoneNumber', INVALID_PHONE_MESSAGE);
  }
  const email = problems.text(fields, 'customer.email', { required: true, maxLength: MAX_EMAIL_LENGTH });
  if (email !== undefined && !EMAIL_PATTERN.test(email)) problems.add('customer.email', INVALID_EMAIL_MESSAGE);
  const customer: CheckoutCustomerDto = {
    firstName: name('firstName', true),
    secondName: name('secondName', false),
    firstLastName: name('firstLastName', true),
    secondLastName: name('secondLastName', false),
    typeID: documentType?.id ?? null,
    numberID: numberID ?? '',
    countryCode,
    phoneNumber: phoneNumber ?? '',
    email: email?.toLowerCase() ?? '',
  };
  addLimitProblems(problems, limitProblems(customerLimitsSchema, { ...customer }, 'customer'));
  return { customer, documentCode: documentType?.code ?? '' };
}

/** A natural person invoices to their own document; a company to its tax id (NIT, RFC or RUC by default). */
function readBill(
  problems: FieldProblems,
  body: Record<string, unknown>,
  country: CountryInfo,
  customer: { customer: CheckoutCustomerDto; documentCode: string },
): BillFormDto {
  const fields = fieldsOf(body, 'bill');
  const typeContributor = problems.text(fields, 'bill.typeContributor', { required: true, maxLength: 30 });
  const taxpayer = TAXPAYER_TYPES.find((type) => type === typeContributor);
  if (typeContributor !== undefined && !taxpayer) {
    problems.add('bill.typeContributor', 'Selecciona un tipo de contribuyente válido.');
  }
  const typeID = problems.text(fields, 'bill.typeID', { maxLength: 20 });
  const numberID = problems.text(fields, 'bill.numberID', { maxLength: MAX_RAW_TEXT_LENGTH });
  if (taxpayer === 'persona_juridica' && numberID === undefined && !problems.has('bill.numberID')) {
    problems.add('bill.numberID', CHECKOUT_REQUIRED_MESSAGE);
  }
  if (numberID !== undefined) addLimitProblems(problems, limitProblems(billLimitsSchema, { numberID }, 'bill'));
  const company = taxpayer === 'persona_juridica';
  return {
    typeContributor: taxpayer ?? '',
    typeID: typeID ?? (company ? (COMPANY_TAX_ID_TYPES[country.countryId]?.code ?? '') : customer.documentCode),
    numberID: numberID ?? (company ? '' : customer.customer.numberID),
  };
}

export interface CreateOrderInput extends QuoteInput {
  sourceId: string;
  customer: CheckoutCustomerDto;
  bill: BillFormDto;
  address: AddressInputDto;
  saveAddress: boolean;
  paymentMethod: PaymentMethod;
  prescriptionDocumentId: number | null;
}

/** `CreateOrderRequestDto`, every problem collected; throws the 400 with `fieldErrors`. */
export function readCreateOrderRequest(body: Record<string, unknown>, sessionCountryId: number): CreateOrderInput {
  const problems = new CheckoutProblems();
  const { country, ...quote } = readQuoteRequest(problems, body, sessionCountryId);
  if (!isUuid(body.sourceId)) {
    problems.add('sourceId', body.sourceId ? 'El identificador del pedido no es válido.' : REQUIRED_FIELD_MESSAGE);
  }
  const customer = readCustomer(problems, body, country);
  const bill = readBill(problems, body, country, customer);
  const address = readAddress(problems, body, 'address');
  const paymentMethod = PAYMENT_METHODS.find((method) => method === body.paymentMethod);
  if (!paymentMethod) {
    problems.add('paymentMethod', body.paymentMethod ? 'Selecciona un medio de pago válido.' : REQUIRED_FIELD_MESSAGE);
  }
  const prescriptionDocumentId = body.prescriptionDocumentId ?? null;
  if (prescriptionDocumentId !== null && !isStoredId(prescriptionDocumentId)) {
    problems.add('prescriptionDocumentId', 'El documento de la fórmula médica no es válido.');
  }
  problems.assertNone();
  return {
    ...quote,
    sourceId: String(body.sourceId).toLowerCase(),
    customer: customer.customer,
    bill,
    address,
    saveAddress: body.saveAddress === true,
    paymentMethod: paymentMethod as PaymentMethod,
    prescriptionDocumentId: prescriptionDocumentId as number | null,
  };
}
