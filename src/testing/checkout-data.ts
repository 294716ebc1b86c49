import type { AddressInputDto, BillFormDto, CheckoutCustomerDto } from '../lib/shared/orders';

/** A complete Colombian buyer as the checkout's data step sends them: valid in every check, override what a test is about. */
export const COLOMBIAN_BUYER: { customer: CheckoutCustomerDto; bill: BillFormDto; address: AddressInputDto } = {
  customer: {
    firstName: 'Ana',
    secondName: '',
    firstLastName: 'Pérez',
    secondLastName: '',
    typeID: 1,
    numberID: '52.345.671',
    countryCode: '+57',
    phoneNumber: '300 123 4567',
    email: 'ana@correo.co',
  },
  bill: { typeContributor: 'persona_natural', typeID: '', numberID: '' },
  address: { address: 'Calle 1 # 2-3', residenceDetail: '', state: 'Antioquia', city: 'Medellín', postalCode: '' },
};
