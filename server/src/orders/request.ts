import { countryById, type CountryInfo } from '../../../src/lib/shared/countries';
import {
  customerCountryProblems,
  SESSION_COUNTRY_MESSAGE,
  type CreateOrderRequest,
  type QuoteRequest,
} from '../../../src/lib/shared/order-schemas';
import {
  COMPANY_TAX_ID_TYPES,
  type BillFormDto,
  type CheckoutCustomerDto,
  type QuoteRequestDto,
} from '../../../src/lib/shared/orders';
import { DOCUMENT_TYPES } from '../../../src/lib/shared/accounts';
import { refusedFields } from '../http/validated';

// What the checkout's routes add to their shared schemas (`order-schemas.ts`, checked before the handler): the
// session's country, which no schema knows, and the order as the server stores it.

export type QuoteInput = QuoteRequestDto;

/** A cart for the session's country: a body that names another is refused on `countryId`. */
export function forSessionCountry<T extends Pick<QuoteRequest, 'countryId'>>(
  request: T,
  sessionCountryId: number,
): Omit<T, 'countryId'> & { countryId: number; country: CountryInfo } {
  if (request.countryId !== undefined && request.countryId !== sessionCountryId) {
    throw refusedFields([{ field: 'countryId', message: SESSION_COUNTRY_MESSAGE }]);
  }
  return { ...request, countryId: sessionCountryId, country: countryById(sessionCountryId) as CountryInfo };
}

export interface CreateOrderInput extends QuoteInput {
  sourceId: string;
  customer: CheckoutCustomerDto;
  bill: BillFormDto;
  address: CreateOrderRequest['address'];
  saveAddress: boolean;
  paymentMethod: CreateOrderRequest['paymentMethod'];
  prescriptionDocumentId: number | null;
}

/**
 * The order as the server keeps it. The key order is the one the hand-written reader had: the stored request hash of
 * an order is made from it, so a retry across this change still gets its first answer.
 */
export function orderInputFor(request: CreateOrderRequest, sessionCountryId: number): CreateOrderInput {
  const { country } = forSessionCountry(request, sessionCountryId);
  // The schema judged the buyer by the body's country; a body without one is judged here by the session's.
  if (request.countryId === undefined) {
    const problems = customerCountryProblems(request.customer, country);
    if (problems.length > 0) {
      throw refusedFields(problems.map(({ path, message }) => ({ field: path.join('.'), message })));
    }
  }
  const { customer, bill } = request;
  const company = bill.typeContributor === 'persona_juridica';
  const documentCode = DOCUMENT_TYPES.find((type) => type.id === customer.typeID)?.code ?? '';
  return {
    countryId: country.countryId,
    items: request.items,
    pointItems: request.pointItems,
    promoCode: request.promoCode,
    discountPoints: request.discountPoints,
    sourceId: request.sourceId,
    customer: {
      firstName: customer.firstName,
      secondName: customer.secondName,
      firstLastName: customer.firstLastName,
      secondLastName: customer.secondLastName,
      typeID: customer.typeID,
      numberID: customer.numberID,
      countryCode: customer.countryCode ?? country.dialCode,
      phoneNumber: customer.phoneNumber,
      email: customer.email,
    },
    // A natural person invoices to their own document; a company to its tax id (NIT, RFC or RUC by default).
    bill: {
      typeContributor: bill.typeContributor,
      typeID: bill.typeID ?? (company ? (COMPANY_TAX_ID_TYPES[country.countryId]?.code ?? '') : documentCode),
      numberID: bill.numberID ?? (company ? '' : customer.numberID),
    },
    address: request.address,
    saveAddress: request.saveAddress,
    paymentMethod: request.paymentMethod,
    prescriptionDocumentId: request.prescriptionDocumentId,
  };
}
