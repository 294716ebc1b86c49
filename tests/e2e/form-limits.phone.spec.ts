import { CheckoutPage } from './pages/checkout-page';
import { ProductPage } from './pages/product-page';
import { expect, test } from './support/fixtures';
import { MAGNESIUM } from './support/demo-catalogue';

/**
 * Issue #16: a form says a length or format limit at the step where it is typed, with the field's Spanish message
 * (the server's own, from the shared schemas), never first at 'Pagar'.
 */

const MAGNESIUM_SLUG = 'magnesio-bisglicinato-400-mg';
const CEDULA_MESSAGE = 'La cédula de ciudadanía lleva solo números: de 6 a 10 dígitos, sin letras.';

test.describe('form limits where they are typed', () => {
  test('checkout’s data step: a 201-character address and letters in a cédula', async ({ login, page }) => {
    await login.login('co', 'paciente.co@demo.test');
    const product = new ProductPage(page);
    await product.open('co', MAGNESIUM_SLUG);
    await product.addToBagAndSee(MAGNESIUM);
    const checkout = new CheckoutPage(page);
    await checkout.start('co');

    const address = page.getByLabel(/^Dirección/);
    await address.fill('C'.repeat(201));
    await expect(address).toHaveAccessibleDescription(/La dirección admite como máximo 200 caracteres\./);
    await address.fill('C'.repeat(200));
    await expect(address).not.toHaveAccessibleDescription(/admite como máximo/);

    await page.getByLabel(/^Tipo de documento/).selectOption({ label: 'Cédula de ciudadanía' });
    const document = page.getByLabel(/^Número de documento/);
    await document.fill('10203A4050');
    await expect(document).toHaveAccessibleDescription(CEDULA_MESSAGE);
    await expect(document).toHaveAttribute('inputmode', 'numeric');

    await page.getByRole('button', { name: 'Continuar al pago' }).click();
    await expect(page.getByText('Revisa los campos marcados antes de continuar.')).toBeVisible();
    await expect(document).toBeFocused();
    await expect(page.getByRole('radio', { name: 'Visa' })).toHaveCount(0);
  });

  test('registration’s first step: letters in a cédula', async ({ register, page }) => {
    await register.open('co');
    await register.chooseRole(/Soy médico/);
    await page.getByLabel(/^Tipo de documento/).selectOption({ label: 'Cédula de ciudadanía' });
    const document = page.getByLabel(/^Número de documento/);
    await document.fill('52A45671');
    await register.next.click();
    await expect(document).toHaveAccessibleDescription(new RegExp(CEDULA_MESSAGE.replace('.', '\\.')));
    await expect(page.getByLabel(/^Correo electrónico/)).toHaveCount(0);
  });

  test('registration’s first step: a name with digits, in the checkout’s words', async ({ register, page }) => {
    await register.open('co');
    await register.chooseRole(/Soy médico/);
    const lastName = page.getByLabel(/^Apellidos/);
    await lastName.fill('Rojas 2');
    await register.next.click();
    await expect(lastName).toHaveAccessibleDescription(/Los apellidos llevan solo letras\./);
    await expect(page.getByLabel(/^Correo electrónico/)).toHaveCount(0);
    await lastName.fill("Rojas O'Neill-Pérez");
    await register.next.click();
    await expect(lastName).not.toHaveAccessibleDescription(/solo letras/);
  });
});
