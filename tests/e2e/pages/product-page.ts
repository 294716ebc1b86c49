import { expect, type Locator } from '@playwright/test';
import { Shell } from './shell';

/** `/{c}/herramientas/{slug}`: one product. */
export class ProductPage extends Shell {
  readonly image = this.page.locator('.product-page__media img');
  readonly quantity = this.page.getByRole('spinbutton', { name: 'Cantidad' });
  readonly stock = this.page.getByTestId('product-stock');
  /** What a product page says when the device has no copy of the product and there is no connection. */
  readonly notSaved = this.page.getByRole('heading', { name: 'Este producto no está guardado en este dispositivo' });
  readonly backToCatalogue = this.page.getByRole('link', { name: 'Ver herramientas' });

  async open(country: string, slug: string) {
    await this.page.goto(`/${country}/herramientas/${slug}`);
  }

  /** The product's title (a VAT asterisk is hidden from its accessible name). */
  title(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1, exact: true });
  }

  /** The product's slug, from the address of the page on screen. */
  slug(): string {
    return new URL(this.page.url()).pathname.split('/').pop() ?? '';
  }

  /** The breadcrumbs' way back to the catalogue. */
  async backToCatalogueFromBreadcrumbs() {
    await this.page.getByRole('navigation', { name: 'Ruta' }).getByRole('link', { name: 'Herramientas' }).click();
  }

  async addToBag(name: string, quantity?: number) {
    if (quantity !== undefined) await this.quantity.fill(String(quantity));
    await this.page.getByRole('button', { name: `Agregar ${name} a la bolsa` }).click();
  }

  /**
   * Adds and waits for the side bag to show the line, as the buyer does before going on: the bag is written to the
   * device as it changes, and a test that opened another address in the same instant closed the page before the
   * write was through (the bag then lacked the line, as it would for a tab closed at that instant): it also waits
   * until the bag saved on the device holds the product.
   */
  async addToBagAndSee(name: string, quantity?: number) {
    await this.addToBag(name, quantity);
    await expect(this.page.locator('#side-cart').getByRole('listitem', { name })).toBeVisible();
    await this.waitForSavedOnDevice(name, 'carts');
  }

  /**
   * Adds the product on screen and waits until the bag saved on the device holds it, so the address a test opens
   * next finds it (a page closed in the same instant loses a write still on its way). Returns the product's name.
   */
  async addShownToBag(): Promise<string> {
    const button = this.page.getByRole('button', { name: /^Agregar .+ a la bolsa$/ });
    const name = /^Agregar (.+) a la bolsa$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1] ?? '';
    await button.click();
    await this.waitForSavedOnDevice(name, 'carts');
    return name;
  }

  async imageLoaded(): Promise<boolean> {
    return this.image.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
  }
}
