import { LanguageSwitch } from './pages/language-switch';
import { expect, test } from './support/fixtures';

const MAGNESIUM_SLUG = 'magnesio-bisglicinato-400-mg';

/** The public routes and an English text each must show once English is chosen (issue #19). */
const PUBLIC_ROUTES = [
  { path: '/co', english: { role: 'heading', name: 'Latest articles' } },
  { path: '/co/herramientas', english: { role: 'heading', name: 'Functional tools' } },
  { path: `/co/herramientas/${MAGNESIUM_SLUG}`, english: { role: 'spinbutton', name: 'Quantity' } },
  { path: '/co/bolsa', english: { role: 'heading', name: 'Shopping bag' } },
  { path: '/co/articulos', english: { role: 'heading', name: 'Functional medicine articles' } },
  {
    path: '/co/articulos/eje-intestino-cerebro',
    english: { role: 'heading', name: 'The gut-brain axis: how your microbiota talks to your mood' },
  },
  { path: '/co/iniciar-sesion', english: { role: 'heading', name: 'Log in' } },
  { path: '/co/registro', english: { role: 'heading', name: 'Create account' } },
  {
    path: '/co/nosotros',
    english: { role: 'heading', name: "We make sure your professional's strategy reaches you complete" },
  },
  // The legal text itself stays Spanish (marked lang="es"); the page says so in English (checked below).
  {
    path: '/co/terminos-y-condiciones/home',
    english: { role: 'heading', name: 'Terms and conditions and privacy policy' },
  },
  { path: '/co/solicitar-atencion', english: { role: 'heading', name: 'Request medical care' } },
  { path: '/co/olvide-contrasena', english: { role: 'heading', name: 'Forgot your password?' } },
  { path: '/co/restablecer-contrasena', english: { role: 'heading', name: 'Invalid link' } },
  { path: '/co/bolsa/resultado/desconocido', english: { role: 'heading', name: 'We could not find your order' } },
  { path: '/co/no-existe', english: { role: 'heading', name: 'Page not found' } },
] as const;

test.describe('English', () => {
  test('chosen on the home page, every public route speaks English, after a reload too, until Spanish is chosen', async ({
    page,
  }) => {
    const language = new LanguageSwitch(page);
    await page.goto('/co');
    await expect(language.html).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Últimos artículos' })).toBeVisible();

    await language.chooseInFooter('English');
    await expect(language.html).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
    await expect(language.footerSwitch).toHaveValue('en');
    await language.waitForSavedChoice('en');

    // Each visit is a full page load: the choice comes back from the device every time.
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route.path);
      await expect(page.getByRole(route.english.role, { name: route.english.name, exact: true })).toBeVisible();
      await expect(language.html).toHaveAttribute('lang', 'en');
      await language.expectNoSpanishInterface();
    }

    await page.goto('/co/terminos-y-condiciones/home');
    await expect(page.getByText("The legal text is in Spanish, the language of the country's law.")).toBeVisible();
    await expect(page.locator('.prose')).toHaveAttribute('lang', 'es');

    // English formatting, the country's currency: Colombian pesos with a comma for thousands, not '$ 120.000'.
    await page.goto(`/co/herramientas/${MAGNESIUM_SLUG}`);
    await expect(page.getByTestId('product-price').first()).toHaveText(/COP\s?\d{1,3}(,\d{3})+/);

    await page.reload();
    await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeVisible();
    await expect(language.html).toHaveAttribute('lang', 'en');

    await language.chooseInFooter('Español');
    await expect(language.html).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toBeVisible();
    await expect(page.getByTestId('product-price').first()).not.toContainText('COP');
    await language.waitForSavedChoice('es');
    await page.reload();
    await expect(page.getByRole('spinbutton', { name: 'Cantidad' })).toBeVisible();
    await expect(language.footerSwitch).toHaveValue('es');
  });

  test('English in Peru keeps its soles', async ({ page }) => {
    const language = new LanguageSwitch(page);
    await page.goto(`/pe/herramientas/${MAGNESIUM_SLUG}`);
    await expect(language.html).toHaveAttribute('lang', 'es-PE');
    await language.chooseInFooter('English');
    await expect(language.html).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('product-price').first()).toHaveText(/PEN\s?[\d,]+\.\d{2}/);
    await language.expectNoSpanishInterface();
  });
});
