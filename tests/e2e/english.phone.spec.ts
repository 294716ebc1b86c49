import { LanguageSwitch } from './pages/language-switch';
import { expect, test } from './support/fixtures';

test.describe('English on a phone', () => {
  test('the phone menu switches to English, the choice survives a reload, and switches back', async ({ page }) => {
    const language = new LanguageSwitch(page);
    await page.goto('/co');
    await expect(page.getByRole('heading', { name: 'Últimos artículos' })).toBeVisible();

    await language.chooseInMenu('English');
    await expect(language.html).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Latest articles' })).toBeVisible();
    await language.waitForSavedChoice('en');

    await page.goto('/co/herramientas');
    await expect(page.getByRole('heading', { name: 'Functional tools', exact: true })).toBeVisible();
    await language.openMenu();
    await expect(language.menu().getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(language.menu().getByRole('combobox', { name: 'Language (Idioma)' })).toHaveValue('en');
    await language.expectNoSpanishInterface();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Functional tools', exact: true })).toBeVisible();
    await expect(language.html).toHaveAttribute('lang', 'en');

    await language.chooseInMenu('Español');
    await expect(language.html).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Herramientas funcionales', exact: true })).toBeVisible();
    await language.waitForSavedChoice('es');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Herramientas funcionales', exact: true })).toBeVisible();
  });
});
