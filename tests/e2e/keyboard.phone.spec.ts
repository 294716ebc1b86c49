import { prescribeByKeyboard, shopByKeyboard } from './support/keyboard-flows';
import { test } from './support/fixtures';

/** Issue #16: every flow is complete by keyboard with a visible focus, on a phone (390 × 844, touch). */
test.describe('the store by keyboard only, on a phone', () => {
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
