import { PatientsPage, SEEDED_PATIENT_CO } from './pages/patients-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { MyPrescriptionsPage } from './pages/prescription-patient-page';
import { ProductPage } from './pages/product-page';
import { savedKey } from './pages/shell';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

// Issue #8, reading without connection: each test is one thing a user does offline, on a device that loaded the app
// online once (twice, in fact: the first load of a fresh device is not under the service worker's control).

const DOCTOR = 'medico.co@demo.test';
const PATIENT = 'paciente.co@demo.test';

/** The numeric id at the end of the page's address. */
function idFromUrl(url: string): number {
  return Number(new URL(url).pathname.split('/').pop());
}

// Back online whatever happened, so the fixture's logout reaches the server.
test.afterEach(async ({ context }) => {
  await context.setOffline(false);
});

test.describe('browse offline', () => {
  // A screen of density 2, like most phones and laptops: the product page asks for a larger picture than the
  // catalogue card did, so a product never opened has only the card's size on the device.
  test.use({ deviceScaleFactor: 2 });

  test('browse offline: a product visited online and one never opened both open from the catalogue', async ({
    catalog,
    page,
    context,
  }) => {
    const product = new ProductPage(page);
    await catalog.visitControlled('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);
    const visitedName = (await catalog.productCards.nth(0).getAttribute('aria-label'))!;
    const unvisitedName = (await catalog.productCards.nth(1).getAttribute('aria-label'))!;
    const unvisitedPrice = (await catalog.card(unvisitedName).getByTestId('product-price').textContent())!;

    await catalog.card(visitedName).getByRole('link', { name: visitedName }).click();
    await expect(product.title(visitedName)).toBeVisible();
    await expect.poll(() => product.imageLoaded()).toBe(true);
    const visitedSlug = product.slug();
    await product.waitForSavedOnDevice(savedKey('detail', visitedSlug));

    await context.setOffline(true);
    // A reload offline, then the catalogue as a user goes there: from the header.
    await page.reload();
    await expect(product.title(visitedName)).toBeVisible();
    await expect(product.offlineBanner).toBeVisible();
    await expect(product.stock).not.toBeEmpty();
    await expect.poll(() => product.imageLoaded()).toBe(true);

    await product.backToCatalogueFromBreadcrumbs();
    await expect(catalog.heading).toBeVisible();
    await expect(catalog.productCards).toHaveCount(24);
    await catalog.card(unvisitedName).getByRole('link', { name: unvisitedName }).click();
    await expect(product.title(unvisitedName)).toBeVisible();
    await expect(product.stock).not.toBeEmpty();
    await expect(page.locator('.product-page').getByTestId('product-price')).toHaveText(unvisitedPrice);
    await expect.poll(() => product.imageLoaded()).toBe(true);
    await expect(product.routeError).toHaveCount(0);
  });
});

test.describe('offline reading', () => {
  test('open a patient offline: the register and the patient read from the device', async ({
    login,
    page,
    context,
  }) => {
    const patients = new PatientsPage(page);
    await login.login('co', DOCTOR);
    await patients.visitControlled('/co/mi-cuenta/mis-pacientes');
    await expect(patients.table).toBeVisible();
    // The seeded patient, who has this doctor's strategies: the first of the list may be a patient another test of the
    // worker created a moment ago, with none.
    const name = SEEDED_PATIENT_CO;
    await patients.openPatient(name);
    const email = (await patients.dataValue('Correo electrónico').textContent())!;
    await expect(patients.ownStrategies).toBeVisible();
    const patientId = idFromUrl(page.url());
    await patients.waitForSavedOnDevice(savedKey('detail', patientId));
    await patients.waitForSavedOnDevice(savedKey('strategies', patientId, '', ''));

    await context.setOffline(true);
    await page.reload();
    await expect(patients.refreshFailed).toBeVisible();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(patients.dataValue('Correo electrónico')).toHaveText(email);
    await expect(patients.ownStrategies.getByRole('row')).not.toHaveCount(0);
    await expect(patients.offlineBanner).toBeVisible();
    await expect(patients.routeError).toHaveCount(0);

    await page.getByRole('link', { name: 'Volver a mis pacientes' }).click();
    await expect(patients.heading).toBeVisible();
    await expect(patients.refreshFailed).toBeVisible();
    await expect(patients.patientLink(name)).toBeVisible();
    await patients.openPatient(name);
    await expect(patients.dataValue('Correo electrónico')).toHaveText(email);
  });

  test('read prescriptions offline: the doctor’s issued list and a detail', async ({ login, page, context }) => {
    const builder = new PrescriptionBuilderPage(page);
    await login.login('co', DOCTOR);
    await builder.visitControlled('/co/mi-cuenta/prescripcion');
    await builder.showIssued();
    const first = builder.issuedTable.getByRole('row').nth(1);
    const patientName = (await first.getByRole('cell').first().textContent())!;
    await first.getByRole('link').click();
    const title = page.getByRole('heading', { name: /^Prescripción del / });
    await expect(title).toBeVisible();
    const heading = (await title.textContent())!;
    await expect(page.getByText(patientName).first()).toBeVisible();
    await builder.waitForSavedOnDevice(savedKey('own', 1));
    await builder.waitForSavedOnDevice(savedKey('detail', idFromUrl(page.url())));

    await context.setOffline(true);
    await page.reload();
    await expect(builder.refreshFailed).toBeVisible();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(patientName).first()).toBeVisible();
    await expect(builder.offlineBanner).toBeVisible();
    await expect(builder.routeError).toHaveCount(0);
    await page.goto('/co/mi-cuenta/prescripcion');
    await builder.showIssued();
    await expect(builder.issued.getByRole('alert')).toBeVisible();
    await expect(builder.issuedTable.getByRole('row').nth(1)).toContainText(patientName);
  });

  test('read prescriptions offline: the patient’s list and a detail', async ({ login, page, context }) => {
    const mine = new MyPrescriptionsPage(page);
    await login.login('co', PATIENT);
    await mine.visitControlled('/co/mi-cuenta/mis-prescripciones');
    await expect(mine.table).toBeVisible();
    await mine.openOldestPrescription();
    const heading = (await page.getByRole('heading', { name: /^Prescripción del / }).textContent())!;
    await expect(page.getByRole('heading', { name: 'Productos para comprar' })).toBeVisible();
    await mine.waitForSavedOnDevice(savedKey('mine', 1));
    await mine.waitForSavedOnDevice(savedKey('my-detail', idFromUrl(page.url())));

    await context.setOffline(true);
    await page.reload();
    await expect(mine.refreshFailed).toBeVisible();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Productos para comprar' })).toBeVisible();
    await expect(mine.offlineBanner).toBeVisible();
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(mine.refreshFailed).toBeVisible();
    await expect(mine.table).toBeVisible();
    await expect(mine.table.getByRole('row')).not.toHaveCount(1);
    await expect(mine.routeError).toHaveCount(0);
  });

  test('read articles offline: the three articles and the list open on a device that never opened them', async ({
    article,
    context,
  }) => {
    await article.visitControlled('/co');
    await expect(article.heading).toBeVisible();

    await context.setOffline(true);
    for (const [slug, heading, text] of [
      ['eje-intestino-cerebro', /Eje intestino-cerebro/, 'microbiota'],
      ['magnesio-formas-y-usos', /Magnesio/, 'glicinato'],
      ['hormonas-bioidenticas', /Hormonas bioidénticas/, 'prescripción médica firmada'],
    ] as const) {
      await article.open('co', `/articulos/${slug}`);
      await expect(article.heading).toHaveText(heading);
      await expect(article.body).toContainText(text);
      await expect.poll(() => article.imageLoaded()).toBe(true);
      await expect(article.offlineBanner).toBeVisible();
    }
    await article.open('co', '/articulos');
    await expect(article.heading).toHaveText('Artículos de medicina funcional');
    await expect(article.page.locator('.article-card')).toHaveCount(3);
  });

  test('fill the cart offline: lines and quantities survive a reload and reach the order back online', async ({
    login,
    catalog,
    bag,
    checkout,
    page,
    context,
  }) => {
    const product = new ProductPage(page);
    await login.login('co', PATIENT);
    await catalog.visitControlled('/co/herramientas');
    await expect(catalog.productCards).toHaveCount(24);

    await context.setOffline(true);
    await page.reload();
    await expect(catalog.productCards).toHaveCount(24);
    const fromCard = (await catalog.productCards.nth(2).getAttribute('aria-label'))!;
    const fromPage = (await catalog.productCards.nth(3).getAttribute('aria-label'))!;
    await catalog.addCardToBag(fromCard);
    await expect(bag.line(fromCard)).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar bolsa' }).click();
    await catalog.card(fromPage).getByRole('link', { name: fromPage }).click();
    await product.addToBagAndSee(fromPage, 2);
    await bag.open('co');
    await page.getByRole('button', { name: `Agregar una unidad de ${fromCard}` }).click();
    await page.getByRole('button', { name: `Agregar una unidad de ${fromPage}` }).click();
    await expect(bag.line(fromCard).getByTestId('line-quantity')).toHaveText('2');
    await expect(bag.line(fromPage).getByTestId('line-quantity')).toHaveText('3');
    const subtotal = (await page.getByTestId('bag-subtotal').textContent())!;
    await bag.waitForSavedOnDevice('"quantity":3', 'carts');

    await page.reload();
    await expect(bag.line(fromCard).getByTestId('line-quantity')).toHaveText('2');
    await expect(bag.line(fromPage).getByTestId('line-quantity')).toHaveText('3');
    await expect(page.getByTestId('bag-subtotal')).toHaveText(subtotal);
    await expect(bag.offlineBanner).toBeVisible();
    await expect.poll(() => bag.lineImageLoaded(fromCard)).toBe(true);
    await expect.poll(() => bag.lineImageLoaded(fromPage)).toBe(true);

    await context.setOffline(false);
    await checkout.start('co');
    await checkout.fillData({ address: 'Calle 93 # 11-26', state: 'Cundinamarca', city: 'Bogotá' });
    await checkout.choosePayment('Visa');
    await checkout.review();
    await expect(checkout.summary.getByText(`2 × ${fromCard}`)).toBeVisible();
    await expect(checkout.summary.getByText(`3 × ${fromPage}`)).toBeVisible();
    await expect(checkout.summaryValue('summary-articles')).toHaveText('5');
    await expect(checkout.summaryValue('summary-subtotal')).toHaveText(subtotal);
  });

  test('the shell and the Peru catalogue open offline on a route never visited', async ({ content, context }) => {
    await content.visitControlled('/co');
    await expect(content.heading).toBeVisible();

    await context.setOffline(true);
    await content.open('pe', '/nosotros');
    await expect(content.heading).toHaveText(/Hacemos que la estrategia/);
    await expect(content.page.getByText(/farmacias y boticas autorizados/)).toBeVisible();
    await expect(content.footer.getByText('Establecimiento farmacéutico autorizado por la DIGEMID')).toBeVisible();
    await expect(content.offlineBanner).toBeVisible();
    expect(await content.rawMessageIds()).toEqual([]);
  });
});
