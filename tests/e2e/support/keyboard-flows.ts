import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BagPage } from '../pages/bag-page';
import { CatalogPage } from '../pages/catalog-page';
import { CheckoutPage } from '../pages/checkout-page';
import { KeyboardUser } from '../pages/keyboard-user';
import type { LoginPage } from '../pages/login-page';
import { PrescriptionBuilderPage } from '../pages/prescription-builder-page';
import { createPatientAs, patientRecord } from './api';
import { test } from './fixtures';

/**
 * Issue #16: the store's flows by keyboard only, run at a desktop's and at a phone's size (keyboard.spec.ts,
 * keyboard.phone.spec.ts). Each flow logs in as setup; from then on nothing is clicked nor filled: Tab and Shift+Tab
 * move, Enter, Space, Escape and the arrows act, fields are typed into, and each stop checks that the focus is drawn.
 */

const MAGNESIUM = 'Magnesio Bisglicinato 400 mg';

/** A patient browses, opens a product, adds it, opens the bag, adds a unit on the bag's page and pays. */
export async function shopByKeyboard(login: LoginPage, page: Page) {
  await login.login('co', 'paciente.co@demo.test');
  const keyboard = new KeyboardUser(page);
  const catalogue = new CatalogPage(page);
  const bag = new BagPage(page);
  const checkout = new CheckoutPage(page);
  await catalogue.open('/co/herramientas');
  await expect(catalogue.productCards.first()).toBeVisible();

  // Browse: the skip link first, then the catalogue's search and the product's card.
  await keyboard.tabTo(page.getByRole('link', { name: 'Saltar al contenido' }));
  await keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await keyboard.tabTo(search);
  await page.keyboard.type('Bisglicinato');
  await catalogue.expectEveryCardMatches(/Bisglicinato/);
  await keyboard.tabTo(catalogue.card(MAGNESIUM).getByRole('link', { name: MAGNESIUM }));
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: MAGNESIUM, level: 1 })).toBeVisible();

  // Add: the product's button; the bag opened by it leaves the focus on the product, so shopping goes on.
  const add = page.getByRole('button', { name: `Agregar ${MAGNESIUM} a la bolsa` });
  await keyboard.tabTo(add);
  await keyboard.press('Enter');
  await expect(bag.badge).toHaveText('1');
  await expect(bag.drawer).toHaveClass(/side-cart--open/);
  await expect(add).toBeFocused();

  // The bag from the header: the focus moves into it, Escape closes it and gives the focus back.
  await keyboard.press('Escape');
  await keyboard.tabTo(bag.cartButton, { backwards: true });
  await keyboard.press('Enter');
  await expect(bag.drawer).toHaveClass(/side-cart--open/);
  await keyboard.expectVisibleFocus(bag.drawer.getByRole('button', { name: 'Cerrar bolsa' }));
  await keyboard.press('Escape');
  await expect(bag.drawer).not.toHaveClass(/side-cart--open/);
  await keyboard.expectVisibleFocus(bag.cartButton);
  await keyboard.press('Enter');
  await keyboard.tabTo(bag.drawer.getByRole('link', { name: 'Ver bolsa' }));
  await keyboard.press('Enter');

  // The bag's page: one more unit with '+'.
  await expect(page).toHaveURL(/\/co\/bolsa$/);
  const line = checkout.section.getByRole('listitem', { name: MAGNESIUM });
  await keyboard.tabTo(line.getByRole('button', { name: `Agregar una unidad de ${MAGNESIUM}` }));
  await keyboard.press('Enter');
  await expect(line.getByTestId('line-quantity')).toHaveText('2');

  // Checkout's four steps: the data (the profile fills the names), the payment, the summary, the sandbox.
  await keyboard.tabTo(checkout.section.getByRole('button', { name: 'Continuar' }));
  await keyboard.press('Enter');
  const taxpayer = page.getByLabel(/Tipo de contribuyente/);
  await keyboard.tabTo(taxpayer);
  await keyboard.press('ArrowDown');
  await expect(taxpayer).not.toHaveValue('');
  for (const [label, text] of [
    [/^Dirección/, 'Calle 93 # 11-26'],
    [/Departamento o estado/, 'Cundinamarca'],
    [/^Ciudad/, 'Bogotá'],
  ] as const) {
    await keyboard.tabTo(page.getByLabel(label));
    await keyboard.typeOver(text);
  }
  await keyboard.tabTo(page.getByRole('button', { name: 'Continuar al pago' }));
  await keyboard.press('Enter');

  const firstMethod = page.getByRole('radio').first();
  await keyboard.tabTo(firstMethod);
  const visa = page.getByRole('radio', { name: 'Visa' });
  for (let step = 0; step < 6 && !(await visa.isChecked()); step += 1) await keyboard.press('ArrowDown');
  await expect(visa).toBeChecked();
  await keyboard.expectVisibleFocus(visa);
  await keyboard.tabTo(page.getByRole('button', { name: 'Revisar pedido' }));
  await keyboard.press('Enter');

  await expect(checkout.summary).toBeVisible();
  await keyboard.tabTo(checkout.summary.getByRole('button', { name: /^Pagar/ }));
  await keyboard.press('Enter');

  const cardNumber = page.getByLabel('Número de tarjeta');
  await keyboard.tabTo(cardNumber);
  await page.keyboard.type('4242 4242 4242 4242');
  for (const [label, text] of [
    ['Nombre en la tarjeta', 'Camila Prueba'],
    ['Vencimiento (MM/AA)', '12/30'],
    ['CVV', '123'],
  ] as const) {
    await keyboard.tabTo(page.getByLabel(label));
    await page.keyboard.type(text);
  }
  await keyboard.tabTo(page.getByRole('button', { name: 'Pagar' }));
  await keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
}

/** A doctor chooses a patient of their own, adds a tool, fills the indications and sends the prescription. */
export async function prescribeByKeyboard(login: LoginPage, page: Page, request: APIRequestContext) {
  // Setup, not the subject: a patient of this test's own, so the prescription names nobody else's.
  const suffix = Date.now().toString().slice(-8);
  const lastName = `Teclado ${suffix}`;
  await createPatientAs(request, 'co', 'medico.co@demo.test', patientRecord('Lina', lastName, suffix));

  await login.login('co', 'medico.co@demo.test');
  const keyboard = new KeyboardUser(page);
  const builder = new PrescriptionBuilderPage(page);
  await builder.open('co', 'prescripcion');

  // Step 1: find the patient and choose them.
  await keyboard.tabTo(page.getByRole('searchbox', { name: 'Buscar paciente por nombre o correo' }));
  await page.keyboard.type(lastName);
  const patient = page.getByRole('button', { name: new RegExp(`Lina ${lastName}`) });
  await keyboard.tabTo(patient);
  await keyboard.press('Enter');
  await keyboard.tabTo(builder.next);
  await keyboard.press('Enter');

  // Step 2: find the tool and add it.
  await expect(builder.stepTitle).toHaveText('Herramientas');
  await keyboard.tabTo(page.getByRole('searchbox', { name: 'Buscar herramienta' }));
  await page.keyboard.type('Bisglicinato');
  const add = builder.toolCard(MAGNESIUM).getByRole('button', { name: 'Agregar' });
  await keyboard.tabTo(add);
  await keyboard.press('Enter');
  await expect(builder.toolCard(MAGNESIUM).getByRole('button', { name: 'Quitar' })).toBeVisible();
  await keyboard.tabTo(builder.next);
  await keyboard.press('Enter');

  // Step 3: a time of day with Space, its quantity and the units typed.
  await expect(builder.stepTitle).toHaveText('Indicaciones');
  const moment = page.getByRole('checkbox', { name: 'Antes de dormir' });
  await keyboard.tabTo(moment);
  await keyboard.press('Space');
  await expect(moment).toBeChecked();
  await keyboard.tabTo(page.getByRole('spinbutton', { name: 'Cantidad Antes de dormir' }));
  await keyboard.typeOver('2');
  await keyboard.tabTo(page.getByRole('spinbutton', { name: /Unidades del producto/ }));
  await keyboard.typeOver('2');
  await keyboard.tabTo(builder.next);
  await keyboard.press('Enter');

  // Step 4: the summary, and the prescription sent.
  await expect(builder.stepTitle).toHaveText('Resumen');
  await expect(page.locator('#main')).toContainText(`Lina ${lastName}`);
  await keyboard.tabTo(page.getByRole('button', { name: 'Crear prescripción' }));
  await keyboard.press('Enter');
  await expect(builder.createdHeading).toBeVisible();
}

/** Declares the flows' tests, once per screen size (keyboard.spec.ts, keyboard.phone.spec.ts). */
export function describeKeyboardFlows(title: string) {
  test.describe(title, () => {
    test('a patient browses, opens a product, adds it, changes the quantity in the bag and pays', async ({
      login,
      page,
    }) => {
      await shopByKeyboard(login, page);
    });

    test('a doctor writes a prescription through the builder’s four steps', async ({ login, page, request }) => {
      await prescribeByKeyboard(login, page, request);
    });
  });
}
