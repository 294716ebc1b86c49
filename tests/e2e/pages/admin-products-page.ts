import type { Locator } from '@playwright/test';
import { Shell } from './shell';

export interface NewProduct {
  name: string;
  serial: string;
  category: string;
  quantity: string;
  prices: Partial<Record<'Colombia' | 'México' | 'Perú', string>>;
  slug?: string;
}

/** Admin `herramientas-funcionales`: the product list and its editor. */
export class AdminProductsPage extends Shell {
  readonly newProduct = this.page.getByRole('button', { name: 'Nuevo producto' });
  readonly editor = this.page.getByRole('form', { name: /producto/ });
  readonly save = this.editor.getByRole('button', { name: /^(Crear producto|Guardar cambios)$/ });
  readonly notice = this.page.locator('.notice--success');
  readonly alert = this.editor.locator('p.alert[role="alert"]');

  async open(country: string, english = false) {
    await this.page.goto(`/${country}/admin/${english ? 'functional-tools' : 'herramientas-funcionales'}`);
  }

  async create(product: NewProduct) {
    await this.newProduct.click();
    await this.editor.getByLabel(/^Nombre/).fill(product.name);
    if (product.slug) await this.editor.getByLabel(/^Slug/).fill(product.slug);
    await this.editor.getByLabel(/^Número de serie/).fill(product.serial);
    await this.editor.getByLabel(/^Categoría/).selectOption({ label: product.category });
    await this.editor
      .getByRole('group', { name: 'Presentación 1' })
      .getByLabel(/^Cantidad/)
      .fill(product.quantity);
    for (const [country, amount] of Object.entries(product.prices)) {
      await this.editor.getByLabel(new RegExp(`^Precio en ${country}`)).fill(amount);
    }
    await this.save.click();
  }

  fieldError(label: RegExp): Locator {
    return this.editor.locator('.field', { has: this.page.getByLabel(label) }).locator('.field__error');
  }
}
