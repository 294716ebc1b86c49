import { expect, type Locator, type Page } from '@playwright/test';
import { HOSTED_OUTCOMES } from '../../../server/test/mercadopago-fake';

/** Mercado Pago's hosted checkout page, as the loopback fake serves it (`server/test/mercadopago-fake.ts`). */
export class MercadoPagoPage {
  /** The address of the hosted page: the fake's `init_point`. */
  static readonly URL = /\/checkout\/v1\/redirect\?pref_id=/;
  readonly amount: Locator;

  constructor(readonly page: Page) {
    this.amount = page.getByTestId('amount');
  }

  /** Pays as Mercado Pago's test card holder that gives `outcome` (APRO approves, OTHE rejects, CONT leaves it pending). */
  async pay(outcome: keyof typeof HOSTED_OUTCOMES) {
    await this.page.getByRole('button', { name: `Pagar como ${HOSTED_OUTCOMES[outcome]}` }).click();
  }

  /** Pays, and waits for the store's result screen that the outcome leads back to. */
  async payAndReturn(outcome: 'approved' | 'rejected') {
    await this.pay(outcome);
    const title = outcome === 'approved' ? 'Pago exitoso' : 'Pago rechazado';
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
  }
}
