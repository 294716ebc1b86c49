import type { Browser } from '@playwright/test';
import type { ProductDto } from '../../src/lib/shared/api-types';
import { CatalogPage } from './pages/catalog-page';
import type { CheckoutPage, PaymentGatewayPage } from './pages/checkout-page';
import { ProductPage } from './pages/product-page';
import { LoginPage } from './pages/login-page';
import { MyPrescriptionsPage } from './pages/prescription-patient-page';
import { closeLoggedOut, withApiSession } from './support/api';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

type Country = 'co' | 'mx' | 'pe';

const ADDRESSES: Record<Country, { address: string; state: string; city: string }> = {
  co: { address: 'Calle 93 # 11-26', state: 'Cundinamarca', city: 'Bogotá' },
  mx: { address: 'Av. Insurgentes Sur 1602', state: 'Ciudad de México', city: 'Benito Juárez' },
  pe: { address: 'Av. José Larco 345', state: 'Lima', city: 'Miraflores' },
};

/** Product §9: COP without decimals, MXN and PEN with two, each with its own symbol. */
const MONEY: Record<Country, RegExp> = {
  co: /^\$\s?\d{1,3}(\.\d{3})*$/,
  mx: /^\$\s?\d{1,3}(,\d{3})*\.\d{2}$/,
  pe: /^S\/\s?\d{1,3}(,\d{3})*\.\d{2}$/,
};

const APPROVING_VISA = '4242424242424242';
const DECLINING_VISA = '4000000000000002';
const APPROVING_MASTERCARD = '5555555555554444';
const HORMONE_SLUG = 'progesterona-micronizada-100-mg';
const PRESCRIPTION_FILE = 'tests/e2e/files/tarjeta-profesional.pdf';

/**
 * Logs `email` in on the way to the catalogue and puts its first product in the bag. Logging in where the test goes
 * next starts the app once; a login, then the page's address, started it twice.
 */
async function loginAndAddFirstProduct(login: LoginPage, country: Country, email: string): Promise<string> {
  await login.loginTo(`/${country}/herramientas`, email);
  return new CatalogPage(login.page).addFirstCardToBag();
}

/** Logs `email` in on the way to the product `slug`'s page and puts it in the bag. */
async function loginAndAddFromProductPage(login: LoginPage, country: Country, email: string, slug: string) {
  await login.loginTo(`/${country}/herramientas/${slug}`, email);
  await new ProductPage(login.page).addShownToBag();
}

/**
 * Pays a Colombian bag that holds hormones: the summary is refused until the signed formula is attached, then the
 * card pays and the result says the formula will be validated. Returns the order number.
 */
async function payHormoneOrder(
  checkout: CheckoutPage,
  gateway: PaymentGatewayPage,
  method: 'Visa' | 'MasterCard',
  card: string,
): Promise<string> {
  const { page } = checkout;
  await checkout.start('co');
  await checkout.fillData(ADDRESSES.co);
  await checkout.choosePayment(method);
  await checkout.review();
  await expect(page.getByText('Debes adjuntar la fórmula médica firmada para comprar hormonas')).toBeVisible();
  await page.getByLabel(/Archivo de la fórmula/).setInputFiles(PRESCRIPTION_FILE);
  await expect(page.getByText(/Fórmula adjunta: tarjeta-profesional.pdf/)).toBeVisible();
  await checkout.review();
  await checkout.pay();
  await gateway.payWithCard(card);
  await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
  await expect(page.getByText('Validaremos tu fórmula médica antes del despacho')).toBeVisible();
  return (await page.getByTestId('result-order-number').textContent())!;
}

/** A second person at another device: the admin who validates prescriptions. */
async function asAdmin(browser: Browser, baseURL: string, country: Country) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await new LoginPage(page).loginTo(`/${country}/admin/autorizacion-hormonas`, 'admin@demo.test');
  return { page, close: () => closeLoggedOut(context) };
}

test.describe('checkout against the real server and the sandbox payment provider', () => {
  for (const country of ['co', 'mx', 'pe'] as const) {
    // Colombia's purchase runs as a returning device's does, the service worker in control of the bag and the
    // payment's way out and back; the others run without it (playwright.config.ts).
    const underServiceWorker = country === 'co';
    test.describe(() => {
      if (underServiceWorker) test.use(WITH_SERVICE_WORKER);
      test(`a patient buys in ${country} with an approving card`, async ({ login, page, checkout, gateway, bag }) => {
        await loginAndAddFirstProduct(login, country, `paciente.${country}@demo.test`);
        await expect(bag.badge).toHaveText('1');
        if (underServiceWorker) await checkout.waitForServiceWorker();
        await checkout.start(country);
        if (underServiceWorker) {
          expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
        }
        await expect(page.getByLabel(/Primer nombre/)).not.toHaveValue('');
        await checkout.fillData(ADDRESSES[country]);
        await checkout.choosePayment('Visa');
        await checkout.review();
        await expect(checkout.summaryValue('summary-total')).toHaveText(MONEY[country]);
        await expect(checkout.summaryValue('summary-shipping')).toHaveText(/Gratis|\d/);
        // A patient gets no doctor discount.
        await expect(checkout.summaryValue('summary-doctor-discount')).toHaveCount(0);
        const total = await checkout.summaryValue('summary-total').textContent();
        await checkout.pay();

        await expect(page).toHaveURL(/\/api\/payments\/sandbox\//);
        await expect(page.getByText(total!.replace(/\s/g, ' ').trim()).first()).toBeVisible();
        await gateway.payWithCard(APPROVING_VISA);

        await expect(page.getByRole('heading', { name: 'Pago exitoso' })).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`/${country}/bolsa/resultado/`));
        await expect(page.getByTestId('result-total')).toHaveText(total!);
        await expect(page.getByTestId('result-total')).toHaveText(MONEY[country]);
        const number = (await page.getByTestId('result-order-number').textContent())!;
        await expect(page.getByText('Te enviamos el comprobante de pago por correo electrónico.')).toBeVisible();
        await expect(bag.badge).toHaveCount(0);

        // To the orders as the buyer goes: the account from the header, then its menu.
        await checkout.followLink(`/${country}/mi-cuenta/datos-personales`);
        await checkout.followLink(`/${country}/mi-cuenta/mis-pedidos`);
        await expect(page.getByText(number)).toBeVisible();
      });
    });
  }

  test('a declining card reaches "Pago rechazado" and goes back to verify the data', async ({
    login,
    page,
    checkout,
    gateway,
    bag,
  }) => {
    await loginAndAddFirstProduct(login, 'co', 'paciente.co@demo.test');
    await checkout.start('co');
    await checkout.fillData(ADDRESSES.co);
    await checkout.choosePayment('Visa');
    await checkout.review();
    await checkout.pay();
    await gateway.payWithCard(DECLINING_VISA);

    await expect(page.getByRole('heading', { name: 'Pago rechazado' })).toBeVisible();
    await page.getByRole('button', { name: 'Verificar datos' }).click();
    await expect(page).toHaveURL(/\/co\/bolsa$/);
    await expect(page.getByRole('group', { name: 'Datos personales' })).toBeVisible();
    await expect(page.getByLabel(/^Ciudad/)).toHaveValue(ADDRESSES.co.city);
    // The bag is still there for the next attempt.
    await expect(bag.badge).toHaveText('1');
  });

  test('the summary at 1366 px: a long e-mail and address never run over another label', async ({
    login,
    page,
    checkout,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAndAddFirstProduct(login, 'co', 'paciente.co@demo.test');
    await checkout.start('co');
    await page
      .getByLabel(/^Correo electrónico/)
      .fill(
        'mariana.gomez.ortiz.compras.del.consultorio.de.medicina.funcional@correo-electronico-empresarial.example.com',
      );
    await checkout.fillData({
      ...ADDRESSES.co,
      address: 'Carrera 7 # 71-21 Torre B Oficina 1504 Edificio Seguros Bolívar',
    });
    await checkout.choosePayment('Visa');
    await checkout.review();
    const data = page.locator('.checkout__summary-layout .data-list');
    await expect(data.getByText(/correo-electronico-empresarial/)).toBeVisible();
    // Every label and value of the buyer's data in a box of its own: none drawn over another.
    await expect
      .poll(() =>
        data.locator('dt, dd').evaluateAll((items) => {
          const boxes = items.map((item) => ({ text: item.textContent ?? '', box: item.getBoundingClientRect() }));
          return boxes.flatMap((first, index) =>
            boxes
              .slice(index + 1)
              .filter(
                ({ box }) =>
                  box.left < first.box.right &&
                  first.box.left < box.right &&
                  box.top < first.box.bottom &&
                  first.box.top < box.bottom,
              )
              .map(({ text }) => `${first.text.slice(0, 20)} / ${text.slice(0, 20)}`),
          );
        }),
      )
      .toEqual([]);
  });

  test('a promo code lowers the total; an unknown one says why', async ({ login, checkout }) => {
    await loginAndAddFirstProduct(login, 'mx', 'paciente.mx@demo.test');
    await checkout.start('mx');
    await checkout.fillData(ADDRESSES.mx);
    await checkout.choosePayment('American Express');
    await checkout.review();
    await expect(checkout.summaryValue('summary-total')).toHaveText(MONEY.mx);
    const before = await checkout.summaryValue('summary-total').textContent();

    const code = checkout.summary.getByLabel('Código promocional');
    await code.fill('NO-EXISTE');
    await checkout.summary.getByRole('button', { name: 'Aplicar' }).click();
    await expect(checkout.summary.getByRole('alert')).toContainText('código promocional');
    await code.fill('bienvenida10');
    await checkout.summary.getByRole('button', { name: 'Aplicar' }).click();
    await expect(checkout.summaryValue('summary-promo')).toHaveText(/^−\$/);
    await expect(checkout.summaryValue('summary-total')).not.toHaveText(before!);
  });

  test('a doctor sees the doctor discount', async ({ login, checkout, request }) => {
    const products = await withApiSession(request, 'co', 'medico.co@demo.test', async (token) => {
      const answer = await request.get('/api/products?all=true&limit=100&country_id=1&role_id=1', {
        headers: { authorization: `Bearer ${token}`, 'x-country': 'co' },
      });
      return ((await answer.json()) as { data: ProductDto[] }).data;
    });
    const discounted = products.find((product) => (product.discounts?.[0]?.discount_value ?? 0) > 0 && product.price);
    expect(discounted, 'the demo data gives the Colombian doctor a discounted product').toBeTruthy();

    await loginAndAddFromProductPage(login, 'co', 'medico.co@demo.test', discounted!.slug);
    await checkout.start('co');
    await checkout.fillData(ADDRESSES.co);
    await checkout.choosePayment('Transferencia bancaria');
    await checkout.review();
    await expect(checkout.summaryValue('summary-doctor-discount')).toHaveText(/^−\$/);
  });

  test('a hormone order waits for the prescription; the admin releases it', async ({
    login,
    page,
    checkout,
    gateway,
    browser,
    baseURL,
  }) => {
    await loginAndAddFromProductPage(login, 'co', 'medico.co@demo.test', HORMONE_SLUG);
    const number = await payHormoneOrder(checkout, gateway, 'MasterCard', APPROVING_MASTERCARD);

    const admin = await asAdmin(browser, baseURL!, 'co');
    const card = admin.page.getByRole('article', { name: new RegExp(number) });
    await expect(card.locator('iframe, img').first()).toBeVisible();
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await expect(card).toHaveCount(0);
    await admin.close();

    await page.getByRole('link', { name: 'Ver detalle del pedido' }).click();
    await expect(page.getByText('Liberado para despacho').first()).toBeVisible();
  });

  test('a patient buys the hormone their doctor prescribed, with the signed formula', async ({
    login,
    page,
    checkout,
    gateway,
    bag,
  }) => {
    // The general catalogue hides hormones from patients; the seeded prescription of the demo doctor authorises DHEA.
    await login.loginTo('/co/mi-cuenta/mis-prescripciones', 'paciente.co@demo.test');
    await new MyPrescriptionsPage(page).addOldestPrescriptionToBag();
    // Two units of magnesium and one of DHEA, as prescribed.
    await expect(bag.badge).toHaveText('3');

    await payHormoneOrder(checkout, gateway, 'Visa', APPROVING_VISA);
  });

  test('a rejected prescription cancels the order', async ({ login, page, checkout, gateway, browser, baseURL }) => {
    await loginAndAddFromProductPage(login, 'co', 'profesional.co@demo.test', HORMONE_SLUG);
    const number = await payHormoneOrder(checkout, gateway, 'Visa', APPROVING_VISA);

    const admin = await asAdmin(browser, baseURL!, 'co');
    const card = admin.page.getByRole('article', { name: new RegExp(number) });
    await card.getByRole('button', { name: 'Rechazar' }).click();
    await card.getByRole('textbox').fill('La fórmula no tiene firma del médico.');
    await card.getByRole('button', { name: 'Confirmar rechazo' }).click();
    await expect(card).toHaveCount(0);
    await admin.close();

    await page.getByRole('link', { name: 'Ver detalle del pedido' }).click();
    await expect(page.getByText('Cancelado').first()).toBeVisible();
    await expect(page.getByText('La fórmula no tiene firma del médico.').first()).toBeVisible();
  });
});

test.describe('points products in the cart', () => {
  test('switching country drops the other country’s products and keeps the points products', async ({
    login,
    page,
    bag,
    request,
  }) => {
    const answer = await request.get('/api/products?all=true&limit=100&country_id=1');
    const products = ((await answer.json()) as { data: ProductDto[] }).data;
    const redeemable = products.find((product) => product.type === 'points' && product.points_price !== null);
    const bought = products.find((product) => product.type === 'standard' && product.price);
    expect(redeemable && bought, 'the demo catalogue has products redeemable with points').toBeTruthy();

    await loginAndAddFromProductPage(login, 'co', 'medico.co@demo.test', bought!.slug);
    await page.goto(`/co/herramientas/${redeemable!.slug}`);
    await page.getByRole('button', { name: 'Canjear con puntos' }).click();
    await expect(bag.drawer.getByRole('listitem', { name: redeemable!.name })).toContainText('puntos');
    await expect(bag.drawer.getByTestId('side-cart-points')).toBeVisible();

    await bag.open('co');
    await bag.chooseCountry('México');
    await expect(page).toHaveURL(/\/mx\/bolsa$/);
    await expect(bag.line(redeemable!.name)).toContainText('puntos');
    await expect(bag.line(bought!.name)).toHaveCount(0);
  });
});
