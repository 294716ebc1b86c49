// Checkout, payments and orders: the wire contract the storefront and the server share (product §3 checkout forms and
// order, §7 orders calls, §8 orders and checkout, §9 payment methods and hormone shipping). Amounts are in the
// country's unit of `ProductPriceDto.amount`: whole pesos for COP, cents for MXN and PEN.

/** Product §9: a bank transfer service and three card brands. */
export const PAYMENT_METHODS = ['bank_transfer', 'visa', 'mastercard', 'amex'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type CardPaymentMethod = Exclude<PaymentMethod, 'bank_transfer'>;

/** Checkout copy: 'Debes completar este campo' for the checkout forms (product §5), not the login's 'Campo obligatorio'. */
export const CHECKOUT_REQUIRED_MESSAGE = 'Debes completar este campo';

/** Taxpayer (invoice) types of the bill form: a natural person invoices to their own document, a company to its tax id. */
export const TAXPAYER_TYPES = ['persona_natural', 'persona_juridica'] as const;
export type TaxpayerType = (typeof TAXPAYER_TYPES)[number];

/** Tax ids a company invoices to, per country id. */
export const COMPANY_TAX_ID_TYPES: Record<number, { code: string; name: string }> = {
  1: { code: 'NIT', name: 'NIT' },
  2: { code: 'RFC', name: 'RFC' },
  3: { code: 'RUC', name: 'RUC' },
};

/** The credentials call's document type for a hormone order's signed prescription (PDF, JPEG or PNG). */
export const HORMONE_PRESCRIPTION_DOCUMENT_TYPE = 'formula-hormonal';
export const HORMONE_PRESCRIPTION_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const HORMONE_PRESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Order life cycle. `pending_payment` → `paid` (or `awaiting_transfer` → `paid`), or `payment_rejected`.
 * A paid order with hormones waits in `pending_prescription` until an admin releases it (`released`) or rejects
 * the prescription (`cancelled`, payment voided or refunded).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'awaiting_transfer',
  'payment_rejected',
  'paid',
  'pending_prescription',
  'released',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PRESCRIPTION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrescriptionReviewStatus = (typeof PRESCRIPTION_REVIEW_STATUSES)[number];

export const COUPON_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

/** Header that makes order creation and payment confirmation idempotent. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Orders per page of `GET /orders`. */
export const ORDERS_PAGE_SIZE = 10;

/** Product §3: checkout form user data. `typeID` is a `DOCUMENT_TYPES` id; `countryCode` the phone prefix ('+57'). */
export interface CheckoutCustomerDto {
  firstName: string;
  secondName: string;
  firstLastName: string;
  secondLastName: string;
  typeID: number | null;
  numberID: string;
  countryCode: string;
  phoneNumber: string;
  email: string;
}

/** Product §3: the bill form. For `persona_natural` the server fills typeID/numberID from the customer when empty. */
export interface BillFormDto {
  typeContributor: TaxpayerType | '';
  typeID: string;
  numberID: string;
}

/** Product §3: address copy fields. */
export interface AddressInputDto {
  address: string;
  residenceDetail: string;
  state: string;
  city: string;
  postalCode: string;
}

/** A saved address of the address book (logged users, per country). */
export interface AddressDto extends AddressInputDto {
  id: number;
  countryId: number;
  createdAt: string;
}

export interface OrderLineInputDto {
  productId: number;
  quantity: number;
}

/** `POST /checkout/quote`: what the cart holds; prices never travel from the client. */
export interface QuoteRequestDto {
  countryId: number;
  items: OrderLineInputDto[];
  /** Catalogue products redeemed with points (cart lines whose `type` is truthy). */
  pointItems: OrderLineInputDto[];
  promoCode: string | null;
  /** Points the professional spends as a money discount. */
  discountPoints: number;
}

export interface CouponDto {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  /** Percentage 0–100 for `percentage`, an amount in the country's unit for `fixed`. */
  value: number;
}

export interface QuoteLineDto {
  productId: number;
  name: string;
  slug: string;
  image: string | null;
  quantity: number;
  unitPrice: number;
  /** The doctor discount on this line (already multiplied by the quantity). */
  doctorDiscount: number;
  lineTotal: number;
  isHormone: boolean;
}

export interface QuotePointLineDto {
  productId: number;
  name: string;
  quantity: number;
  unitPoints: number;
  totalPoints: number;
}

/** Product §3 order summary: article count, doctor discount, promo code, shipping cost, total. */
export interface QuoteDto {
  countryId: number;
  currency: string;
  lines: QuoteLineDto[];
  pointLines: QuotePointLineDto[];
  articleCount: number;
  subtotal: number;
  doctorDiscount: number;
  promoDiscount: number;
  pointsDiscount: number;
  shippingCost: number;
  total: number;
  coupon: CouponDto | null;
  /** Points spent on point lines and on the points discount. */
  productPoints: number;
  discountPoints: number;
  /** Hormones in the order: a signed prescription is required and the buyer pays shipping. */
  requiresPrescription: boolean;
}

/** `POST /orders`, sent with an `Idempotency-Key` header equal to `sourceId`. */
export interface CreateOrderRequestDto extends QuoteRequestDto {
  /** The order source id: a UUID the storefront makes once per checkout attempt; `GET /orders/by_source/{id}`. */
  sourceId: string;
  customer: CheckoutCustomerDto;
  bill: BillFormDto;
  address: AddressInputDto;
  /** Also store the address in the buyer's address book. */
  saveAddress: boolean;
  paymentMethod: PaymentMethod;
  /** A `formula-hormonal` credentials file of the buyer; required when the order holds hormones. */
  prescriptionDocumentId: number | null;
}

export interface OrderAddressDto {
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postal_code: string;
}

export interface OrderItemDto {
  productId: number;
  name: string;
  slug: string;
  image: string | null;
  quantity: number;
  /** 'points' for a line paid with points (then `unitPrice` is 0 and `points` is set). */
  type: 'standard' | 'points';
  unitPrice: number;
  lineTotal: number;
  points: number | null;
  categoryId: number;
}

interface OrderStatusChangeDto {
  status: OrderStatus;
  at: string;
  note: string | null;
}

interface OrderPaymentDto {
  id: string;
  method: PaymentMethod;
  status: PaymentStatus;
  /** Only brand and last four digits are ever stored. */
  brand: string | null;
  last4: string | null;
  paidAt: string | null;
}

export interface OrderPrescriptionDto {
  documentId: number;
  /** Content type of the file the admin's review shows, detected from its first bytes: one of `HORMONE_PRESCRIPTION_MIME_TYPES`. */
  mime: string;
  status: PrescriptionReviewStatus;
  reason: string | null;
  reviewedAt: string | null;
}

/** An order as the buyer, the result screen and the admin read it: its row of the list, and the detail. */
export interface OrderDto extends OrderSummaryDto {
  customer: CheckoutCustomerDto;
  bill: BillFormDto;
  shipping: OrderAddressDto;
  billing: OrderAddressDto;
  items: OrderItemDto[];
  /** The same lines under the name the prescription reward reads (product §7). */
  line_items: OrderItemDto[];
  subtotal: number;
  doctorDiscount: number;
  promoDiscount: number;
  pointsDiscount: number;
  shippingCost: number;
  productPoints: number;
  promoCode: string | null;
  requiresPrescription: boolean;
  prescription: OrderPrescriptionDto | null;
  payment: OrderPaymentDto;
  statusHistory: OrderStatusChangeDto[];
  buyer: { id: number; uid: string; email: string; display_name: string };
}

/** `POST /orders` answer: the order and where the buyer pays (the provider's hosted page). */
export interface CreateOrderResponseDto {
  order: OrderDto;
  payment: { id: string; method: PaymentMethod; status: PaymentStatus; redirectUrl: string };
}

/** One row of `GET /orders` (product §3 order list: order number, payment date, quantity, total). */
export interface OrderSummaryDto {
  id: number;
  /** Human order number shown on screens and receipts, e.g. 'CO-000042'. */
  number: string;
  sourceId: string;
  countryId: number;
  currency: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  articleCount: number;
  total: number;
}

export interface PagedDto<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}
