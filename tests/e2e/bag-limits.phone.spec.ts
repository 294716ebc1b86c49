import { MyPrescriptionsPage } from './pages/prescription-patient-page';
import { ProductPage } from './pages/product-page';
import { expect, test } from './support/fixtures';
import { MAGNESIUM } from './support/demo-catalogue';

/** Issue #16: quantities stop at the stock on hand and say so; a product locked by a prescription says why it stays. */

/** 18 units on hand in the seed, in a category only professionals see. */
const LIPOIC = 'Ácido Alfa Lipoico 600 mg Inyectable';
const LIPOIC_SLUG = 'acido-alfa-lipoico-600-mg-inyectable';
const LIPOIC_STOCK = 18;
const MAGNESIUM_SLUG = 'magnesio-bisglicinato-400-mg';

test.describe('bag limits', () => {
  test('the quantity and the bag’s + stop at the stock on hand with “Solo quedan N unidades”', async ({
    login,
    bag,
    page,
  }) => {
    await login.login('co', 'medico.co@demo.test');
    const product = new ProductPage(page);
    await product.open('co', LIPOIC_SLUG);
    await expect(product.title(LIPOIC)).toBeVisible();

    await product.quantity.fill('30');
    await expect(product.quantity).toHaveValue(String(LIPOIC_STOCK));
    await expect(page.getByText(`Solo quedan ${LIPOIC_STOCK} unidades`)).toBeVisible();

    await product.quantity.fill(String(LIPOIC_STOCK - 1));
    await expect(page.getByText(/^Solo quedan/)).toHaveCount(0);
    await product.addToBagAndSee(LIPOIC);
    await bag.open('co');
    const line = bag.line(LIPOIC).first();
    await expect(line.getByTestId('line-quantity')).toHaveText(String(LIPOIC_STOCK - 1));
    const more = line.getByRole('button', { name: `Agregar una unidad de ${LIPOIC}` });
    await more.click();
    await expect(line.getByTestId('line-quantity')).toHaveText(String(LIPOIC_STOCK));
    await expect(more).toBeDisabled();
    await expect(line.getByText(`Solo quedan ${LIPOIC_STOCK} unidades`)).toBeVisible();

    // More from the product page adds nothing past the stock, and says so where the button was pressed.
    await product.open('co', LIPOIC_SLUG);
    await product.addToBag(LIPOIC, 1);
    await expect(page.locator('#main').getByText(`Solo quedan ${LIPOIC_STOCK} unidades`)).toBeVisible();
    await expect(bag.badge).toHaveText(String(LIPOIC_STOCK));
  });

  test('adding again a product the bag holds from a prescription says why nothing changed', async ({
    login,
    bag,
    page,
  }) => {
    await login.login('co', 'paciente.co@demo.test');
    await new MyPrescriptionsPage(page).addSeededPrescriptionToBag('co');
    await expect(bag.badge).toHaveText('3');

    const product = new ProductPage(page);
    await product.open('co', MAGNESIUM_SLUG);
    await product.addToBag(MAGNESIUM);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Este producto ya está en tu bolsa con la cantidad de tu prescripción' }),
    ).toBeVisible();
    await expect(bag.badge).toHaveText('3');
  });
});
