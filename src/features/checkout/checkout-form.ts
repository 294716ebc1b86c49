// The data the buyer types during the checkout (product §3: checkout form user data, bill form, address), the payment
// method and the hormone prescription, kept in IndexedDB so a reload, a crash or a dropped connection loses nothing.

import {
  PAYMENT_METHODS,
  TAXPAYER_TYPES,
  type AddressInputDto,
  type BillFormDto,
  type CheckoutCustomerDto,
  type PaymentMethod,
} from '../../lib/shared/orders';
import { isRecord } from '../../lib/shared/records';

/** A signed prescription already uploaded through the credentials call. */
export interface UploadedPrescription {
  documentId: number;
  fileName: string;
}

/** A signed prescription the service worker keeps until the connection comes back (its outbox id). */
export interface PendingPrescription {
  key: string;
  fileName: string;
}

/** What an upload gave: the stored document, or the promise to send it when the connection comes back. */
export type PrescriptionUploadResult = UploadedPrescription | PendingPrescription;

export function isPendingPrescription(result: PrescriptionUploadResult): result is PendingPrescription {
  return 'key' in result;
}

export interface CheckoutForm {
  customer: CheckoutCustomerDto;
  bill: BillFormDto;
  address: AddressInputDto;
  /** The address-book entry the address came from, null when typed by hand. */
  addressId: number | null;
  saveAddress: boolean;
  paymentMethod: PaymentMethod | null;
  prescription: UploadedPrescription | null;
  pendingPrescription: PendingPrescription | null;
  promoCode: string;
  /**
   * The order source id of the payment under way: made before `POST /orders` and sent as its Idempotency-Key, so
   * a retry after a timeout or a crash finds the same order instead of creating a second one.
   */
  pendingSourceId: string | null;
}

export const EMPTY_CUSTOMER: CheckoutCustomerDto = {
  firstName: '',
  secondName: '',
  firstLastName: '',
  secondLastName: '',
  typeID: null,
  numberID: '',
  countryCode: '',
  phoneNumber: '',
  email: '',
};

const EMPTY_BILL: BillFormDto = { typeContributor: '', typeID: '', numberID: '' };

const EMPTY_ADDRESS: AddressInputDto = { address: '', residenceDetail: '', state: '', city: '', postalCode: '' };

export const INITIAL_CHECKOUT_FORM: CheckoutForm = {
  customer: EMPTY_CUSTOMER,
  bill: EMPTY_BILL,
  address: EMPTY_ADDRESS,
  addressId: null,
  saveAddress: false,
  paymentMethod: null,
  prescription: null,
  pendingPrescription: null,
  promoCode: '',
  pendingSourceId: null,
};

export const CHECKOUT_FORM_STORAGE_KEY = 'checkout-form';

/** Longest text kept per field: what a person types, not what a corrupted record may hold. */
const MAX_FIELD_LENGTH = 200;

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_FIELD_LENGTH) : '';
}

function texts<T extends object>(stored: unknown, empty: T): T {
  const record = isRecord(stored) ? stored : {};
  const result = { ...empty } as Record<string, unknown>;
  for (const key of Object.keys(empty)) {
    if (typeof result[key] === 'string') result[key] = text(record[key]);
  }
  return result as T;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** A stored form, repaired field by field: a wrong field takes its empty value, never an exception. */
export function parseCheckoutForm(stored: unknown): CheckoutForm | undefined {
  if (!isRecord(stored)) return undefined;
  const customer = texts(stored.customer, EMPTY_CUSTOMER);
  customer.typeID = isRecord(stored.customer) ? positiveInteger(stored.customer.typeID) : null;
  const bill = texts(stored.bill, EMPTY_BILL);
  if (!(TAXPAYER_TYPES as readonly string[]).includes(bill.typeContributor)) bill.typeContributor = '';
  const prescription = isRecord(stored.prescription) ? stored.prescription : null;
  const documentId = prescription ? positiveInteger(prescription.documentId) : null;
  const method = stored.paymentMethod;
  const pending = isRecord(stored.pendingPrescription) ? stored.pendingPrescription : null;
  return {
    customer,
    bill,
    address: texts(stored.address, EMPTY_ADDRESS),
    addressId: positiveInteger(stored.addressId),
    saveAddress: stored.saveAddress === true,
    paymentMethod: (PAYMENT_METHODS as readonly unknown[]).includes(method) ? (method as PaymentMethod) : null,
    prescription: documentId !== null ? { documentId, fileName: text(prescription?.fileName) } : null,
    pendingPrescription:
      documentId === null && typeof pending?.key === 'string' && pending.key
        ? { key: text(pending.key), fileName: text(pending.fileName) }
        : null,
    promoCode: text(stored.promoCode),
    pendingSourceId: typeof stored.pendingSourceId === 'string' ? stored.pendingSourceId : null,
  };
}
