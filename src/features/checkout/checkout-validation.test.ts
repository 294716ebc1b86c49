import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../lib/shared/countries';
import * as orderSchemas from '../../lib/shared/order-schemas';
import { CHECKOUT_REQUIRED_MESSAGE } from '../../lib/shared/orders';
import { COLOMBIAN_BUYER } from '../../testing/checkout-data';
import { INITIAL_CHECKOUT_FORM, type CheckoutForm } from './checkout-form';
import { checkDataStep, checkoutMessage, whileTyping } from './checkout-validation';

const FILLED: CheckoutForm = { ...INITIAL_CHECKOUT_FORM, ...COLOMBIAN_BUYER };

describe('checkDataStep', () => {
  it('passes a complete Colombian buyer, and judges the phone and the document type by the country', () => {
    expect(checkDataStep(FILLED, COUNTRIES.co)).toEqual({});
    // Without a prefix the country's is used: a Colombian mobile is not a Peruvian number, nor a cédula a document there.
    expect(checkDataStep({ ...FILLED, customer: { ...FILLED.customer, countryCode: '' } }, COUNTRIES.pe)).toEqual({
      'customer.typeID': orderSchemas.DOCUMENT_TYPE_MESSAGE,
      'customer.phoneNumber': orderSchemas.INVALID_PHONE_MESSAGE,
    });
  });

  it('says what is missing only after the first attempt, and broken limits while typing', () => {
    const typing: CheckoutForm = {
      ...INITIAL_CHECKOUT_FORM,
      customer: { ...INITIAL_CHECKOUT_FORM.customer, firstName: 'Ana3', email: 'ana@' },
      address: { ...INITIAL_CHECKOUT_FORM.address, city: 'M'.repeat(101) },
    };
    const problems = checkDataStep(typing, COUNTRIES.co);
    expect(problems).toMatchObject({
      'customer.firstName': 'El primer nombre lleva solo letras.',
      'customer.firstLastName': CHECKOUT_REQUIRED_MESSAGE,
      'customer.email': orderSchemas.INVALID_EMAIL_MESSAGE,
      'bill.typeContributor': CHECKOUT_REQUIRED_MESSAGE,
      'address.city': 'La ciudad admite como máximo 100 caracteres.',
    });
    expect(whileTyping(problems)).toEqual({
      'customer.firstName': 'El primer nombre lleva solo letras.',
      'address.city': 'La ciudad admite como máximo 100 caracteres.',
    });
  });
});

describe('checkoutMessage', () => {
  it('has a catalogue entry, in the same words, for every message the step can show', () => {
    const longName = 'A'.repeat(81);
    const longForm: CheckoutForm = {
      ...FILLED,
      customer: {
        ...FILLED.customer,
        firstName: longName,
        secondName: 'B2',
        firstLastName: longName,
        secondLastName: longName,
        numberID: 'x'.repeat(1001),
        email: `${'a'.repeat(250)}@x.co`,
        phoneNumber: '1'.repeat(31),
      },
      bill: { typeContributor: 'otra' as never, typeID: 'x'.repeat(21), numberID: '12-34$' },
      address: {
        address: 'C'.repeat(201),
        residenceDetail: 'R'.repeat(201),
        state: 'S'.repeat(101),
        city: '\u0000',
        postalCode: 'P'.repeat(21),
      },
    };
    const shown = [
      ...Object.values(checkDataStep(longForm, COUNTRIES.co)),
      ...Object.values(checkDataStep(FILLED, COUNTRIES.pe)),
      ...Object.values(
        checkDataStep({ ...FILLED, customer: { ...FILLED.customer, typeID: 6, numberID: '12A' } }, COUNTRIES.pe),
      ),
      ...Object.values(
        checkDataStep({ ...FILLED, customer: { ...FILLED.customer, typeID: 1, numberID: '12A' } }, COUNTRIES.co),
      ),
      ...Object.values(checkDataStep(INITIAL_CHECKOUT_FORM, COUNTRIES.co)),
    ];
    expect(new Set(shown).size).toBeGreaterThan(15);
    for (const message of new Set(shown)) {
      const descriptor = checkoutMessage(message);
      expect(descriptor.id, message).not.toBe(message);
      expect((descriptor.message ?? '').replace(/\{count\}/, String(descriptor.values?.count)), message).toBe(message);
    }
  });
});
