import { expect, test } from './support/fixtures';

test.describe('phone layout', () => {
  test('the expandable menu opens, lists the links and navigates', async ({ home }) => {
    await home.open('co');
    await expect(home.mainNav).toBeHidden();
    await home.page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = home.page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await menu.getByRole('link', { name: 'Productos' }).click();
    await expect(home.page).toHaveURL(/\/co\/herramientas$/);
    await expect(menu).toBeHidden();
    await expect(home.page.getByRole('heading', { name: 'Herramientas funcionales' })).toBeVisible();
  });
});
