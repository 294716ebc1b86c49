// The data step's checks (product §3, §5). Apart from the form's persisted state: the phone metadata weighs ~30 KB
// gzip and belongs to the checkout route, not to the app shell that restores the checkout atoms.

import {
  addressLimitsSchema,
  billLimitsSchema,
  customerLimitsSchema,
  limitProblems,
} from '../../lib/shared/personal-data';
import { isValidPhone } from '../../lib/shared/phone';
import { CHECKOUT_REQUIRED_MESSAGE, type AddressInputDto, type CheckoutCustomerDto } from '../../lib/shared/orders';
import type { CheckoutForm } from './checkout-form';

/** Field paths as `customer.firstName`, `bill.numberID`, `address.city`. */
export type FieldErrors = Record<string, string>;

/** Product §3: the forms keep their lists of empty fields; product §5 says which are required. */
interface DataStepCheck {
  errors: FieldErrors;
  emptyFields: { customer: string[]; bill: string[]; address: string[] };
}

const REQUIRED_CUSTOMER: readonly (keyof CheckoutCustomerDto)[] = [
  'firstName',
  'firstLastName',
  'typeID',
  'numberID',
  'phoneNumber',
  'email',
];
const REQUIRED_ADDRESS: readonly (keyof AddressInputDto)[] = ['address', 'state', 'city'];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** Messages of the data step's own checks; the required message is the spec's. */
interface DataStepMessages {
  email: string;
  phone: string;
}

/**
 * Length and format limits of what is typed (the server's own, from the shared schemas), shown while typing: a
 * 201-character address or letters in a cédula are said at the field, not first at 'Pagar'.
 */
export function checkLimits(form: CheckoutForm): FieldErrors {
  return {
    ...limitProblems(customerLimitsSchema, { ...form.customer }, 'customer'),
    ...(form.bill.typeContributor === 'persona_juridica'
      ? limitProblems(billLimitsSchema, { ...form.bill }, 'bill')
      : {}),
    ...limitProblems(addressLimitsSchema, { ...form.address }, 'address'),
  };
}

/**
 * Checks the data step before going on: required fields, the limits of what was typed, the e-mail's form and the
 * phone by the country's plan.
 */
export function checkDataStep(form: CheckoutForm, messages: DataStepMessages): DataStepCheck {
  const errors: FieldErrors = checkLimits(form);
  const emptyFields: DataStepCheck['emptyFields'] = { customer: [], bill: [], address: [] };
  for (const field of REQUIRED_CUSTOMER) {
    if (isEmpty(form.customer[field])) emptyFields.customer.push(field);
  }
  if (isEmpty(form.bill.typeContributor)) emptyFields.bill.push('typeContributor');
  if (form.bill.typeContributor === 'persona_juridica') {
    if (isEmpty(form.bill.numberID)) emptyFields.bill.push('numberID');
  }
  for (const field of REQUIRED_ADDRESS) {
    if (isEmpty(form.address[field])) emptyFields.address.push(field);
  }
  for (const [group, fields] of Object.entries(emptyFields)) {
    for (const field of fields) errors[`${group}.${field}`] = CHECKOUT_REQUIRED_MESSAGE;
  }
  if (!errors['customer.email'] && !EMAIL_PATTERN.test(form.customer.email.trim())) {
    errors['customer.email'] = messages.email;
  }
  if (!errors['customer.phoneNumber'] && !isValidPhone(form.customer.countryCode, form.customer.phoneNumber)) {
    errors['customer.phoneNumber'] = messages.phone;
  }
  return { errors, emptyFields };
}
