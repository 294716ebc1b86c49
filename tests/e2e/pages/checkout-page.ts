import type { Locator, Page } from '@playwright/test';
import { Shell } from './shell';

export interface ShippingAddress {
  address: string;
  state: string;
  city: string;
}

/** `/{c}/bolsa`: the four checkout steps. */
export class CheckoutPage extends Shell {
  readonly section = this.page.getByRole('region', { name: 'Bolsa de compras' });
  readonly summary = this.page.getByRole('region', { name: 'Resumen del pedido' });
  /** What the checkout says offline instead of its data, payment and summary steps. */
  readonly needsConnection = this.page.getByRole('status').filter({ hasText: 'Necesitas conexión para pagar' });
  readonly personalData = this.page.getByRole('group', { name: 'Datos personales' });

  async open(country: string) {
    await this.page.goto(`/${country}/bolsa`);
  }

  /** From the bag to the data step. */
  async start(country: string) {
    await this.open(country);
    await this.section.getByRole('button', { name: 'Continuar' }).click();
  }

  /** Completes what the profile does not prefill: the taxpayer type and the shipping address. */
  async fillData(address: ShippingAddress) {
    await this.page.getByLabel(/Tipo de contribuyente/).selectOption('persona_natural');
    await this.page.getByLabel(/^Dirección/).fill(address.address);
    await this.page.getByLabel(/Departamento o estado/).fill(address.state);
    await this.page.getByLabel(/^Ciudad/).fill(address.city);
    await this.page.getByRole('button', { name: 'Continuar al pago' }).click();
  }

  async choosePayment(method: 'Visa' | 'MasterCard' | 'American Express' | 'Transferencia bancaria') {
    await this.page.getByRole('radio', { name: method }).check();
  }

  async review() {
    await this.page.getByRole('button', { name: 'Revisar pedido' }).click();
  }

  summaryValue(testId: string): Locator {
    return this.summary.getByTestId(testId);
  }

  async pay() {
    await this.summary.getByRole('button', { name: /^Pagar/ }).click();
  }
}

/** The sandbox provider's hosted payment page, served by the server. */
export class PaymentGatewayPage {
  constructor(readonly page: Page) {}

  async payWithCard(number: string, cvv = '123') {
    await this.page.getByLabel('Número de tarjeta').fill(number);
    await this.page.getByLabel('Nombre en la tarjeta').fill('Camila Prueba');
    await this.page.getByLabel('Vencimiento (MM/AA)').fill('12/30');
    await this.page.getByLabel('CVV').fill(cvv);
    await this.page.getByRole('button', { name: 'Pagar' }).click();
  }
}
