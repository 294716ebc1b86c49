import { expect, test } from './support/fixtures';

/** Issue #16: where a page opens on a phone, and the side bag under a finger and the keyboard. */

/** How far the scroll position may land from where it was left (px): rounding of fractional positions. */
const SCROLL_TOLERANCE_PX = 1;

test.describe('phone navigation', () => {
  test('a product opens at its top; Back returns to the same place in the catalogue with the same products', async ({
    catalog,
    page,
  }) => {
    await catalog.open('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    await catalog.loadMore.click();
    await expect(catalog.productCards).toHaveCount(48);

    const chosen = catalog.productCards.nth(40);
    await chosen.scrollIntoViewIfNeeded();
    const name = (await chosen.getAttribute('aria-label')) ?? '';
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(1000);

    await chosen.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'el producto abre arriba' }).toBe(0);

    await page.goBack();
    await expect(catalog.productCards).toHaveCount(48);
    await expect
      .poll(() => page.evaluate((before) => Math.abs(window.scrollY - before), left), {
        message: 'el catálogo vuelve donde estaba',
      })
      .toBeLessThanOrEqual(SCROLL_TOLERANCE_PX);
    await expect(catalog.card(name)).toBeInViewport();
  });

  test('the bag takes the focus when opened from its button and gives it back when closed', async ({
    catalog,
    bag,
    page,
  }) => {
    await catalog.open('/co/herramientas');
    await expect(catalog.productCards.first()).toBeVisible();
    await bag.cartButton.focus();
    await page.keyboard.press('Enter');
    const close = bag.drawer.getByRole('button', { name: 'Cerrar bolsa' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bag.drawer).not.toHaveClass(/side-cart--open/);
    await expect(bag.cartButton).toBeFocused();

    await bag.cartButton.press('Enter');
    await expect(close).toBeFocused();
    await close.press('Enter');
    await expect(bag.drawer).not.toHaveClass(/side-cart--open/);
    await expect(bag.cartButton).toBeFocused();
  });

  test('the bag does not close by itself while a finger touched it or while it holds the focus', async ({
    catalog,
    bag,
    page,
  }) => {
    await page.clock.install();
    await catalog.open('/co/herramientas');
    const add = catalog.productCards.first().getByRole('button', { name: /a la bolsa/ });

    // Left alone, it closes 3 s after opening (product §4): the clock below is the drawer's.
    await add.tap();
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
    await page.clock.runFor(3500);
    await expect(bag.drawer).not.toHaveClass(/side-cart--open/);

    await add.tap();
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
    await bag.drawer.getByRole('heading', { name: 'Bolsa de compras' }).tap();
    await page.clock.runFor(5000);
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
    await bag.drawer.getByRole('button', { name: 'Cerrar bolsa' }).tap();
    await expect(bag.drawer).not.toHaveClass(/side-cart--open/);

    await add.tap();
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
    await bag.drawer.getByRole('link', { name: 'Ver bolsa' }).focus();
    await page.clock.runFor(5000);
    await expect(bag.drawer).toHaveClass(/side-cart--open/);
  });
});
