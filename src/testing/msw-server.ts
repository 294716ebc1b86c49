import { setupServer } from 'msw/node';
import { accountHandlers } from './handlers/account';
import { adherenceHandlers } from './handlers/adherence';
import { authHandlers } from './handlers/auth';
import { checkoutHandlers } from './handlers/checkout';
import { clientErrorHandlers } from './handlers/client-errors';
import { contactHandlers } from './handlers/contact';
import { countryHandlers } from './handlers/countries';
import { formHandlers } from './handlers/forms';
import { orderHandlers } from './handlers/orders';
import { pointsHandlers } from './handlers/points';
import { prescriptionHandlers } from './handlers/prescriptions';
import { privacyHandlers } from './handlers/privacy';
import { productHandlers } from './handlers/products';

export const server = setupServer(
  ...productHandlers,
  ...countryHandlers,
  ...authHandlers,
  ...formHandlers,
  ...accountHandlers,
  ...checkoutHandlers,
  ...orderHandlers,
  ...pointsHandlers,
  ...adherenceHandlers,
  ...prescriptionHandlers,
  ...privacyHandlers,
  ...contactHandlers,
  ...clientErrorHandlers,
);
