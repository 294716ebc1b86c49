// The zod schemas of the checkout's requests and of the address book (issue #20), apart from `orders.ts` so the bag and
// the app shell, which need its types and constants, carry neither zod nor the phone numbering plans. The server
// validates `POST /checkout/quote`, `POST /orders` and `POST /addresses` with them; the checkout's data step checks
// with the same pieces.
import { DOCUMENT_TYPES } from './accounts';
import { countryById, type CountryInfo } from './countries';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email';
import { flag, givenText, integerField, INVALID_VALUE_MESSAGE, optionalText, textValue } from './field-schemas';
import {
  CHECKOUT_REQUIRED_MESSAGE,
  PAYMENT_METHODS,
  TAXPAYER_TYPES,
  type AddressInputDto,
  type OrderLineInputDto,
} from './orders';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from './order-limits';
import { addressLimitsSchema, documentNumberProblem, personNameLimitsSchema } from './personal-data';
import { isValidPhone } from './phone';
import { z } from './zod';

/** Longest raw text read before the shared limits judge it: a bound on what is parsed, never the message shown. */
const MAX_RAW_TEXT_LENGTH = 1000;
const MAX_PROMO_CODE_LENGTH = 40;
const MAX_DOCUMENT_TYPE_LENGTH = 10;
const MAX_DIAL_CODE_LENGTH = 5;
const MAX_PHONE_LENGTH = 30;
const MAX_TAXPAYER_TYPE_LENGTH = 30;
const MAX_TAX_ID_TYPE_LENGTH = 20;

export const EMPTY_BAG_MESSAGE = 'No hay productos en la bolsa.';
export const INVALID_PHONE_MESSAGE = 'El número de teléfono no es válido para el país seleccionado';
export const INVALID_EMAIL_MESSAGE = 'Ingresa un correo electrónico válido.';
export const SESSION_COUNTRY_MESSAGE = 'El país del pedido debe ser el de tu sesión.';
export const COUNTRY_MESSAGE = 'Selecciona un país válido.';
export const LINES_LIST_MESSAGE = 'Debe ser una lista de productos.';
export const TOO_MANY_LINES_MESSAGE = `Un pedido admite como máximo ${MAX_ORDER_LINES} productos distintos.`;
export const PRODUCT_MESSAGE = 'El producto no es válido.';
export const LINE_QUANTITY_MESSAGE = `La cantidad debe ser un número entero entre 1 y ${MAX_LINE_QUANTITY}.`;
export const PRODUCT_TOTAL_MESSAGE = `La cantidad de cada producto debe estar entre 1 y ${MAX_LINE_QUANTITY}.`;
export const DISCOUNT_POINTS_MESSAGE = 'Los puntos deben ser un número entero mayor o igual a 0.';
export const DOCUMENT_TYPE_MESSAGE = 'Selecciona un tipo de documento válido.';
export const TAXPAYER_TYPE_MESSAGE = 'Selecciona un tipo de contribuyente válido.';
export const SOURCE_ID_MESSAGE = 'El identificador del pedido no es válido.';
export const PAYMENT_METHOD_MESSAGE = 'Selecciona un medio de pago válido.';
export const PRESCRIPTION_DOCUMENT_MESSAGE = 'El documento de la fórmula médica no es válido.';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * A checkout field that must be filled: blank, null or missing is the checkout's own copy, 'Debes completar este
 * campo' (product §5). An issue of its own, not zod's type issue, which the server's validator would word as the
 * login's 'Campo obligatorio'.
 */
function filled<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    givenText,
    // A refinement, not `z.custom`: zod marks a custom check's issue final, which would stop the checks of the whole
    // form that say every problem at once (the phone by the country).
    z
      .unknown()
      .refine((value): boolean => value !== undefined, { error: CHECKOUT_REQUIRED_MESSAGE })
      .pipe(schema),
  );
}

/** A text the form may leave blank: '' when it does. */
const blankable = <T extends z.ZodType<string, string>>(limit: T, maxLength = MAX_RAW_TEXT_LENGTH) =>
  z.preprocess((raw) => givenText(raw) ?? '', textValue(maxLength).pipe(limit));

/** A required text, judged by the shared limit (`personal-data.ts`) the storefront shows while typing. */
const required = <T extends z.ZodType<string, string>>(limit: T, maxLength = MAX_RAW_TEXT_LENGTH) =>
  filled(textValue(maxLength).pipe(limit));

/** `countryId`: one of the store's countries; absent is the session's (the route decides). */
const countryIdSchema = integerField(COUNTRY_MESSAGE)
  .refine((countryId) => countryById(countryId) !== undefined, { error: COUNTRY_MESSAGE })
  .nullish()
  .transform((countryId) => countryId ?? undefined);

const lineSchema = z.object(
  {
    productId: integerField(PRODUCT_MESSAGE),
    quantity: integerField(LINE_QUANTITY_MESSAGE, 1, MAX_LINE_QUANTITY),
  },
  { error: PRODUCT_MESSAGE },
);

/** Cart lines; the same product twice becomes one line with both quantities, which must stay within the limit. */
const linesSchema = z.preprocess(
  (value) => value ?? [],
  z
    .array(lineSchema, { error: LINES_LIST_MESSAGE })
    .max(MAX_ORDER_LINES, { error: TOO_MANY_LINES_MESSAGE })
    .transform((lines, ctx): OrderLineInputDto[] => {
      const quantities = new Map<number, number>();
      for (const { productId, quantity } of lines)
        quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
      if ([...quantities.values()].some((quantity) => quantity > MAX_LINE_QUANTITY)) {
        ctx.issues.push({ code: 'custom', message: PRODUCT_TOTAL_MESSAGE, input: lines });
        return z.NEVER;
      }
      return [...quantities].map(([productId, quantity]) => ({ productId, quantity }));
    }),
);

const quoteShape = {
  countryId: countryIdSchema,
  items: linesSchema,
  pointItems: linesSchema,
  promoCode: optionalText(MAX_PROMO_CODE_LENGTH).transform((code) => code ?? null),
  discountPoints: integerField(DISCOUNT_POINTS_MESSAGE, 0)
    .nullish()
    .transform((points) => points ?? 0),
};

/**
 * A check of a group that runs even when other fields were refused, so every problem shows at once, but only once
 * the fields it reads were read well (their own problem says more).
 */
const whenValid =
  (...fields: string[]) =>
  (payload: z.core.ParsePayload) =>
    // An issue without a path is the group itself (not an object): none of its fields was read.
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

/** An empty bag is said only when neither list was refused. */
const bagIsEmpty = { error: EMPTY_BAG_MESSAGE, path: ['items'], when: whenValid('items', 'pointItems') };
const hasLines = (input: { items?: unknown; pointItems?: unknown }) =>
  [input.items, input.pointItems].some((lines) => Array.isArray(lines) && lines.length > 0);

/** `POST /checkout/quote` (`QuoteRequestDto`): extra fields (prices…) are ignored; prices never travel from the client. */
export const quoteRequestSchema = z.object(quoteShape).refine(hasLines, bagIsEmpty);
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/** The shipping address (product §3 address copy), of the checkout and of the address book. */
export const addressSchema = z.object(
  {
    address: required(addressLimitsSchema.shape.address),
    residenceDetail: blankable(addressLimitsSchema.shape.residenceDetail),
    state: required(addressLimitsSchema.shape.state),
    city: required(addressLimitsSchema.shape.city),
    postalCode: blankable(addressLimitsSchema.shape.postalCode),
  },
  { error: INVALID_VALUE_MESSAGE },
) satisfies z.ZodType<AddressInputDto>;

/** `POST /addresses`: an address for one of the store's countries (the session's when absent). */
export const addressInputSchema = addressSchema.extend({ countryId: countryIdSchema });

/** A document type of the list (`DOCUMENT_TYPES` id, sent as a number or as text). */
const documentTypeSchema = filled(
  textValue(MAX_DOCUMENT_TYPE_LENGTH).transform((typeText, ctx) => {
    const type = DOCUMENT_TYPES.find((candidate) => String(candidate.id) === typeText);
    if (type) return type.id;
    ctx.issues.push({ code: 'custom', message: DOCUMENT_TYPE_MESSAGE, input: typeText });
    return z.NEVER;
  }),
);

/** The buyer (product §3 user data form): names and document by the shared limits; the e-mail kept in lower case. */
const customerSchema = z
  .object(
    {
      firstName: required(personNameLimitsSchema.shape.firstName),
      secondName: blankable(personNameLimitsSchema.shape.secondName),
      firstLastName: required(personNameLimitsSchema.shape.firstLastName),
      secondLastName: blankable(personNameLimitsSchema.shape.secondLastName),
      typeID: documentTypeSchema,
      numberID: filled(textValue(MAX_RAW_TEXT_LENGTH)),
      countryCode: optionalText(MAX_DIAL_CODE_LENGTH),
      phoneNumber: filled(textValue(MAX_PHONE_LENGTH)),
      email: filled(
        textValue(EMAIL_MAX_LENGTH)
          .regex(EMAIL_PATTERN, { error: INVALID_EMAIL_MESSAGE })
          .transform((email) => email.toLowerCase()),
      ),
    },
    { error: INVALID_VALUE_MESSAGE },
  )
  .superRefine(
    (customer, ctx) => {
      const problem = documentNumberProblem(customer.typeID, customer.numberID);
      if (problem) ctx.addIssue({ code: 'custom', path: ['numberID'], message: problem, input: customer.numberID });
    },
    { when: whenValid('typeID', 'numberID') },
  );

/** The bill form: a company must give its tax id; a natural person's defaults to their own document (the route's). */
const billSchema = z
  .object(
    {
      typeContributor: filled(
        textValue(MAX_TAXPAYER_TYPE_LENGTH).pipe(z.enum(TAXPAYER_TYPES, { error: TAXPAYER_TYPE_MESSAGE })),
      ),
      typeID: optionalText(MAX_TAX_ID_TYPE_LENGTH),
      numberID: optionalText(MAX_RAW_TEXT_LENGTH).superRefine((numberID, ctx) => {
        const problem = numberID === undefined ? null : documentNumberProblem(null, numberID);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: numberID });
      }),
    },
    { error: INVALID_VALUE_MESSAGE },
  )
  .refine((bill) => bill.typeContributor !== 'persona_juridica' || bill.numberID !== undefined, {
    error: CHECKOUT_REQUIRED_MESSAGE,
    path: ['numberID'],
    when: whenValid('typeContributor', 'numberID'),
  });

/** The parts of a group nobody sent read as an empty form, so each of its required fields is said. */
const group = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? {}, schema);

type CheckoutCustomer = z.output<typeof customerSchema>;

/**
 * What the buyer's data must say for the order's country: a document type of that country (or of any, the
 * passport), and a phone valid in its numbering plan (its prefix, the country's when none was sent). Path and message
 * per problem, under the checkout's field names.
 */
export function customerCountryProblems(
  customer: Partial<Pick<CheckoutCustomer, 'typeID' | 'countryCode' | 'phoneNumber'>> | undefined,
  country: CountryInfo,
): { path: string[]; message: string }[] {
  // Fields refused on their own (a missing phone, a type not in the list) were already said.
  const { typeID, countryCode, phoneNumber } = customer ?? {};
  const problems: { path: string[]; message: string }[] = [];
  const type = DOCUMENT_TYPES.find((candidate) => candidate.id === typeID);
  if (type && type.countryId !== null && type.countryId !== country.countryId) {
    problems.push({ path: ['customer', 'typeID'], message: DOCUMENT_TYPE_MESSAGE });
  }
  const dialCode = typeof countryCode === 'string' ? countryCode : country.dialCode;
  if (typeof phoneNumber === 'string' && !isValidPhone(dialCode, phoneNumber)) {
    problems.push({ path: ['customer', 'phoneNumber'], message: INVALID_PHONE_MESSAGE });
  }
  return problems;
}

/** The buyer's problems for the order's country, added to a schema's issues (said with the other problems). */
function addCountryProblems(ctx: z.core.$RefinementCtx, customer: CheckoutCustomer | undefined, country: CountryInfo) {
  for (const { path, message } of customerCountryProblems(customer, country)) {
    ctx.addIssue({ code: 'custom', path, message, input: customer });
  }
}

/**
 * The checkout's data step (product §3: the user data, bill and address forms) for the order's country, as
 * `POST /orders` judges it: the storefront checks with it before it goes on to the payment.
 */
export const checkoutDataSchema = (country: CountryInfo) =>
  z
    .object({ customer: group(customerSchema), bill: group(billSchema), address: group(addressSchema) })
    .superRefine((data, ctx) => addCountryProblems(ctx, data.customer, country), { when: whenValid() });

/**
 * `POST /orders` (`CreateOrderRequestDto`), every problem at once. The buyer's data is judged by the order's country
 * when the body names it; a body without one is judged by the route against the session's, with the same function.
 */
export const createOrderRequestSchema = z
  .object({
    ...quoteShape,
    sourceId: filled(
      z
        .string({ error: SOURCE_ID_MESSAGE })
        .regex(UUID_PATTERN, { error: SOURCE_ID_MESSAGE })
        .transform((id) => id.toLowerCase()),
    ),
    customer: group(customerSchema),
    bill: group(billSchema),
    address: group(addressSchema),
    saveAddress: flag,
    paymentMethod: filled(z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE })),
    prescriptionDocumentId: integerField(PRESCRIPTION_DOCUMENT_MESSAGE)
      .nullish()
      .transform((id) => id ?? null),
  })
  .refine(hasLines, bagIsEmpty)
  .superRefine(
    (order, ctx) => {
      const country = order.countryId === undefined ? undefined : countryById(order.countryId);
      if (country) addCountryProblems(ctx, order.customer, country);
    },
    { when: whenValid('countryId') },
  );
export type CreateOrderRequest = z.output<typeof createOrderRequestSchema>;
