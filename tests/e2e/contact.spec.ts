import { DEMO_CONTACT_SETTINGS } from '../../server/src/db/seed/contact-data';
import { TEST_BUILD_ENV } from '../shared-build';
import { AdminContactPage, RequestFormPage } from './pages/contact-pages';
import { LoginPage } from './pages/login-page';
import { closeLoggedOut } from './support/api';
import { expect, test } from './support/fixtures';
import { MAGNESIUM } from './support/demo-catalogue';

/**
 * Issue #19: a way to reach the store. The channels come from the database (seeded per country in development), not
 * from the build: the test build's VITE_CHAT_NUMBER differs from every seeded number, so each link proves which one
 * it used.
 */

const MAGNESIUM_SLUG = 'magnesio-bisglicinato-400-mg';
const BUILD_NUMBER = TEST_BUILD_ENV.VITE_CHAT_NUMBER?.replace(/\D/g, '');
const chatHref = (number: string) => new RegExp(`^https://wa\\.me/${number}\\?text=`);
const textOf = (href: string | null) => new URL(href ?? '').searchParams.get('text');

test.describe('contact channels', () => {
  test('from a product: the floating chat opens Colombia’s saved number naming the product', async ({ page }) => {
    expect(DEMO_CONTACT_SETTINGS.co.chatNumber).not.toBe(BUILD_NUMBER);
    await page.goto(`/co/herramientas/${MAGNESIUM_SLUG}`);
    await expect(page.getByRole('heading', { name: MAGNESIUM, level: 1 })).toBeVisible();
    const chat = page.locator('a.chat-button');
    await expect(chat).toHaveAttribute('href', chatHref(DEMO_CONTACT_SETTINGS.co.chatNumber));
    await expect
      .poll(async () => textOf(await chat.getAttribute('href')))
      .toBe(
        `¡Hola! Les escribo desde el Dispensario Funcional de Colombia y quisiera hablar con un asesor sobre el producto ${MAGNESIUM}.`,
      );
    await expect(page.locator('footer.site-footer').getByTestId('contact-phone')).toHaveText(
      DEMO_CONTACT_SETTINGS.co.phone,
    );
  });

  test('from the no-invitation dialog: "Hablar con un asesor" opens the saved chat', async ({ register }) => {
    await register.open('co');
    await register.chooseRole(/Soy paciente/);
    const dialog = register.page.getByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    const advisor = dialog.getByRole('link', { name: /^Hablar con un asesor/ });
    await expect(advisor).toHaveAttribute('href', chatHref(DEMO_CONTACT_SETTINGS.co.chatNumber));
    expect(textOf(await advisor.getAttribute('href'))).toBe(
      'Hola, quiero registrarme como paciente en el Dispensario Funcional y no tengo invitación.',
    );
    await expect(advisor).toHaveAttribute('target', '_blank');
  });

  test('an admin turns Peru’s chat off: the advisor and custom-product requests reach the attention requests', async ({
    page,
    register,
    browser,
    baseURL,
  }) => {
    const adminContext = await browser.newContext({ baseURL: baseURL! });
    const adminPage = await adminContext.newPage();
    await new LoginPage(adminPage).login('pe', 'admin@demo.test');
    const contact = new AdminContactPage(adminPage);
    await contact.open('pe');
    await expect(contact.form('Perú').getByLabel(/^Número del chat/)).toHaveValue(DEMO_CONTACT_SETTINGS.pe.chatNumber);
    await contact.saveChatNumber('Perú', '');

    const run = crypto.randomUUID().slice(0, 8);
    const form = new RequestFormPage(page);
    // The build has a chat number, but Peru's saved channel is off: no floating chat.
    await register.open('pe');
    await register.chooseRole(/Soy paciente/);
    const dialog = page.getByRole('dialog', { name: 'El registro de pacientes es por invitación' });
    await dialog.getByRole('link', { name: 'Hablar con un asesor' }).click();
    await expect(form.heading).toHaveText('Hablar con un asesor');
    await expect(page.locator('a.chat-button')).toHaveCount(0);
    await form.send({
      names: `Asesor ${run}`,
      lastNames: 'Quispe',
      email: `asesor.${run}@correo.test`,
      mobile: '987654321',
      description: 'No tengo invitación y quiero registrarme.',
    });
    await expect(page.getByText(/Recibimos tu solicitud/)).toBeVisible();

    await page.goto('/pe');
    await page.getByRole('link', { name: 'Solicitar un producto personalizado' }).click();
    await expect(form.heading).toHaveText('Solicitar un producto personalizado');
    await form.send({
      names: `Fórmula ${run}`,
      lastNames: 'Rojas',
      email: `formula.${run}@correo.test`,
      mobile: '987654322',
      description: 'Crema de progesterona al 3 %, 60 g.',
    });
    await expect(page.getByText(/Recibimos tu solicitud/)).toBeVisible();

    await adminPage.goto('/pe/admin/solicitudes-atencion');
    await expect(adminPage.getByRole('row').filter({ hasText: `Asesor ${run}` })).toContainText('Hablar con un asesor');
    await expect(adminPage.getByRole('row').filter({ hasText: `Fórmula ${run}` })).toContainText(
      'Producto personalizado',
    );

    // Peru's chat back as seeded, for the other tests of this worker.
    await contact.open('pe');
    await contact.saveChatNumber('Perú', DEMO_CONTACT_SETTINGS.pe.chatNumber);
    await closeLoggedOut(adminContext);
  });
});
