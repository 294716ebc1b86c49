import { prescribeByKeyboard, shopByKeyboard } from './support/keyboard-flows';
import { test } from './support/fixtures';

/** Issue #16: every flow is complete by keyboard with a visible focus, on a desktop's screen (1280 × 800). */
test.describe('the store by keyboard only', () => {
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
