import { fileURLToPath } from 'node:url';
import { apiLogin, apiLogout, closeLoggedOut, logoutAll } from './support/api';
import { AdminLibraryPage } from './pages/admin-library-page';
import { AdminPrescriptionSettingsPage } from './pages/admin-prescription-settings-page';
import { AdminProductsPage } from './pages/admin-products-page';
import { LoginPage } from './pages/login-page';
import { PrescriptionBuilderPage } from './pages/prescription-builder-page';
import { expect, test } from './support/fixtures';

/** Product §2: the admin sections under their Spanish and English paths. */
const ADMIN_PATHS = [
  ['herramientas-funcionales', 'functional-tools'],
  ['configuracion-prescripcion', 'prescription-settings'],
  ['gestion-afiliados', 'affiliate-management'],
  ['configuracion-puntos', 'points-configuration'],
  ['libreria', 'document-library'],
  ['autorizacion-hormonas', 'hormones-auth'],
  ['solicitudes-atencion', 'medical-requests'],
  ['codigos-promocionales', 'promo-codes'],
  ['cuentas-eliminadas', 'account-deletions'],
  ['correos-enviados', 'sent-emails'],
  ['conciliacion-pagos', 'payment-reconciliation'],
] as const;

const unique = () => Date.now().toString().slice(-8);
const PDF = fileURLToPath(new URL('./files/tarjeta-profesional.pdf', import.meta.url));

test.describe('the admin area against the real server', () => {
  test('an admin creates a product in Mexico and it appears in /mx/herramientas with its MXN price, not in Colombia', async ({
    login,
    catalog,
    page,
  }) => {
    const suffix = unique();
    const name = `Cúrcuma liposomal ${suffix}`;
    const products = new AdminProductsPage(page);
    await login.loginTo('/mx/admin/herramientas-funcionales', 'admin@demo.test');
    await products.create({
      name,
      serial: `CUR-${suffix}`,
      category: 'Adaptógenos y fitoterapia',
      quantity: '30',
      prices: { México: '389,50' },
    });
    await expect(products.notice).toContainText(`Creamos ${name}`);

    // The store as a shopper reaches it: its catalogue from the header, then a search.
    await catalog.followLink('/mx/herramientas');
    await catalog.search.fill(name);
    const card = catalog.card(name);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('product-price')).toContainText('389.50');
    await catalog.open(`/co/herramientas?buscar=${encodeURIComponent(name)}`);
    await expect(page.getByText('No se encontraron productos.')).toBeVisible();
    await expect(catalog.card(name)).toHaveCount(0);
  });

  test('a duplicate slug or a negative price is refused with a Spanish message and nothing is saved', async ({
    login,
    page,
    request,
  }) => {
    const products = new AdminProductsPage(page);
    await login.loginTo('/co/admin/functional-tools', 'admin@demo.test');
    await products.create({
      name: 'Otro magnesio',
      slug: 'magnesio-bisglicinato-400-mg',
      serial: `DUP-${unique()}`,
      category: 'Adaptógenos y fitoterapia',
      quantity: '60',
      prices: { Colombia: '-100' },
    });
    await expect(products.fieldError(/^Precio en Colombia/)).toHaveText('El precio no puede ser negativo.');
    await products.editor.getByLabel(/^Precio en Colombia/).fill('85000');
    await products.save.click();
    await expect(products.alert).toHaveText('Ya existe un producto con este slug.');
    await expect(products.fieldError(/^Slug/)).toHaveText('Ya existe un producto con este slug.');
    const search = await request.get('/api/products?country_id=1&search=otro%20magnesio');
    expect(((await search.json()) as { data: unknown[] }).data).toEqual([]);
  });

  test('an admin compares the payments with the provider now: with the sandbox alone nothing differs', async ({
    login,
    page,
  }) => {
    await login.loginTo('/co/admin/conciliacion-pagos', 'admin@demo.test');
    await expect(page.getByRole('heading', { name: 'Conciliación de pagos', level: 1 })).toBeVisible();
    await expect(
      page.getByText('No hay diferencias abiertas entre los pedidos y el proveedor de pagos.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Comparar ahora' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Comparación terminada' })).toHaveText(
      'Comparación terminada: 0 diferencias abiertas.',
    );
    await expect(
      page
        .getByRole('navigation', { name: 'Configuración del sistema' })
        .getByRole('link', { name: 'Conciliación de pagos' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('an admin uploads a document for every country and a doctor downloads it from the medical resources', async ({
    baseURL,
    browser,
    login,
    page,
  }) => {
    const title = `Guía de sueño reparador ${unique()}`;
    const library = new AdminLibraryPage(page);
    await login.loginTo('/co/admin/libreria', 'admin@demo.test');
    await library.upload({
      title,
      category: 'Documentos de apoyo para pacientes',
      country: 'Todos los países',
      file: PDF,
    });
    await expect(library.notice).toHaveText(`Subimos «${title}» a la librería.`);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('tarjeta-profesional.pdf');

    const doctorContext = await browser.newContext({ baseURL });
    const doctorPage = await doctorContext.newPage();
    await new LoginPage(doctorPage).loginTo('/pe/mi-cuenta/herramientas-funcionales', 'medico.pe@demo.test');
    const resource = doctorPage.getByRole('article', { name: title });
    await expect(resource).toBeVisible();
    const downloading = doctorPage.waitForEvent('download');
    await resource.getByRole('button', { name: `Descargar ${title}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('tarjeta-profesional.pdf');
    await closeLoggedOut(doctorContext);
  });

  test('an admin renames a time-of-day option and the prescription builder shows it', async ({
    baseURL,
    browser,
    login,
    page,
    request,
  }) => {
    const label = `A media tarde ${unique()}`;
    const settings = new AdminPrescriptionSettingsPage(page);
    await login.loginTo('/co/admin/prescription-settings', 'admin@demo.test');
    await settings.rename('Media tarde', label);
    await settings.save.click();
    await expect(settings.notice).toHaveText('Guardamos la configuración de prescripción.');
    await expect(
      page.getByRole('list', { name: 'Productos que requieren prescripción firmada' }).getByText('DHEA 25 mg'),
    ).toBeVisible();

    const doctorContext = await browser.newContext({ baseURL });
    const doctorPage = await doctorContext.newPage();
    try {
      await new LoginPage(doctorPage).loginTo('/co/mi-cuenta/prescripcion', 'medico.co@demo.test');
      const builder = new PrescriptionBuilderPage(doctorPage);
      await builder.startWith('Mariana');
      await builder.withTool('Magnesio Bisglicinato 400 mg');
      await expect(builder.stepTitle).toHaveText('Indicaciones');
      await expect(doctorPage.getByRole('checkbox', { name: label })).toBeVisible();
      await expect(doctorPage.getByRole('checkbox', { name: 'Media tarde', exact: true })).toHaveCount(0);
    } finally {
      await closeLoggedOut(doctorContext);
      // Other journeys use the standard labels: put them back (as the admin, whose page session ends first).
      await logoutAll(page.context());
      const token = await apiLogin(request, 'mx', 'admin@demo.test');
      const standard = await request.get('/api/prescription-settings', {
        headers: { authorization: `Bearer ${token}`, 'x-country': 'mx' },
      });
      const body = (await standard.json()) as { moments: { id: number; label: string | null }[] };
      await request.put('/api/admin/prescription-settings', {
        headers: { authorization: `Bearer ${token}`, 'x-country': 'mx' },
        data: { ...body, moments: body.moments.map((moment) => ({ ...moment, label: null })) },
      });
      await apiLogout(request, 'mx', token);
    }
  });

  test('every admin path, Spanish and English, refuses a doctor in the page and in the API', async ({
    login,
    page,
    request,
  }) => {
    await login.login('co', 'medico.co@demo.test');
    for (const paths of ADMIN_PATHS) {
      for (const path of paths) {
        await page.goto(`/co/admin/${path}`);
        await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible();
      }
    }
    const token = await apiLogin(request, 'mx', 'medico.mx@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'x-country': 'mx' };
    for (const path of [
      '/api/admin/affiliates',
      '/api/admin/products',
      '/api/admin/catalogue-options',
      '/api/admin/hormone-orders',
      '/api/admin/medical-requests',
      '/api/admin/payment-discrepancies',
    ]) {
      const answer = await request.get(path, { headers });
      expect(answer.status(), path).toBe(403);
    }
    const upload = await request.post('/api/admin/documents', { headers, multipart: { title: 'x' } });
    expect(upload.status()).toBe(403);
    const points = await request.patch('/api/gamification/config/2', { headers, data: {} });
    expect(points.status()).toBe(403);
    const settings = await request.put('/api/admin/prescription-settings', { headers, data: {} });
    expect(settings.status()).toBe(403);
    const reconciliation = await request.post('/api/admin/payment-reconciliation', { headers });
    expect(reconciliation.status()).toBe(403);
    await apiLogout(request, 'mx', token);
  });
});
