import { MercadoPagoPage } from './pages/mercadopago-page';
import { PhoneAudit } from './pages/phone-audit';
import { checkoutToMercadoPago, mercadoPagoTest as test } from './support/mercadopago';

test.describe('checkout through Mercado Pago on a phone', () => {
  test('a patient pays at 390 px and the result screen fits 360 and 390 px', async ({
    login,
    catalog,
    checkout,
    page,
  }) => {
    await checkoutToMercadoPago({ login, catalog, checkout });
    await new MercadoPagoPage(page).payAndReturn('approved');
    await new PhoneAudit(page).fitsPhones('mercadopago-resultado');
  });
});
