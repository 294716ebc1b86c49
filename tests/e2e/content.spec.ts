import { DEMO_CONTACT_SETTINGS } from '../../server/src/db/seed/contact-data';
import { TEST_BUILD_ENV } from '../shared-build';
import { CONTENT_COUNTRIES, CONTENT_PATHS } from './pages/content-pages';
import { axeViolations, WCAG_22_AA } from './support/axe';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

/** WCAG 2.2 A/AA plus axe's best practices, on the whole page. */
const WITH_BEST_PRACTICES = { tags: [...WCAG_22_AA, 'best-practice'] };

test.describe('content pages', () => {
  // One page per country walks its five content pages: a test per page paid a new browser context, a first start
  // of the app and its service worker's install fifteen times. The first page is loaded by its address and the others
  // reached by their links, as a visitor does: a full load per page started the app again and loaded axe again, for
  // twice the processor time (the pages' own addresses load in english.spec.ts, offline-reading.spec.ts and the phone
  // layout audit). Every page is judged to the end (soft assertions), so one run names every page that fails.
  for (const country of CONTENT_COUNTRIES) {
    test(`/${country}: every content page renders translated, with no accessibility violation`, async ({ content }) => {
      // Five pages, each judged by axe: more than the default minute on a busy two-core machine.
      test.setTimeout(150_000);
      const soft = expect.configure({ soft: true });
      const linkIn = { header: undefined, main: content.page.locator('#main'), footer: content.footer };
      for (const [index, { path, heading, linkIn: where }] of CONTENT_PATHS.entries()) {
        const page = `/${country}${path}`;
        if (index === 0) await content.open(country, path);
        else await content.followLink(page, linkIn[where]);
        await soft(content.page.getByRole('heading', { level: 1, name: heading }), page).toBeVisible();
        await soft(content.footer, page).toContainText('Lunes a viernes: 8:00 a 18:00');
        // Documents and lazy sections have arrived before the page is judged.
        await soft(content.page.getByRole('status'), page).toHaveCount(0);
        soft(await content.rawMessageIds(), page).toEqual([]);
        soft(await axeViolations(content.page, WITH_BEST_PRACTICES), page).toEqual([]);
      }
    });
  }

  test('home presents the services, the articles, testimonials, registration by role and where we are', async ({
    content,
  }) => {
    await content.open('co');
    const page = content.page;
    for (const service of [
      'Dispensario en línea',
      'Prescripciones y recomendaciones',
      'Recursos médicos',
      'Tienda en línea',
      'Puntos y beneficios',
      'Registro de pacientes',
      'Favoritos e historial de pedidos',
      'Blog de medicina funcional',
      'Productos personalizados',
      'Solicitud de atención médica',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: service })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Últimos artículos' })).toBeVisible();
    await expect(page.locator('.article-card')).toHaveCount(3);
    await expect(page.locator('.testimonial')).toHaveCount(3);
    await expect(page.getByText('El registro de pacientes es por invitación')).toBeVisible();
    await expect(page.getByText('Calle 93 # 13-24, oficina 402, Chicó Norte, Bogotá')).toBeVisible();
    await expect(page.getByRole('link', { name: /Ver cómo llegar/ })).toHaveAttribute('href', /google\.com\/maps/);
    const attention = page.getByRole('link', { name: 'Solicitar atención médica' }).first();
    await expect(attention).toHaveAttribute('href', '/co/solicitar-atencion');
    // No key in the test build: the provider's script is never requested.
    expect(await page.locator('script[src*="maps.googleapis.com"]').count()).toBe(0);
  });

  test('Peru reads its own terms: colegiatura, preparado magistral, Ley 29733 and the Libro de Reclamaciones', async ({
    content,
  }) => {
    await content.open('pe');
    await expect(content.page.getByText(/validamos tu número de colegiatura/)).toBeVisible();
    await expect(content.page.getByText(/¿Necesitas un preparado magistral a tu medida\?/)).toBeVisible();
    await content.open('pe', '/terminos-y-condiciones/home');
    await expect(content.page.getByText(/Ley N\.° 29733/).first()).toBeVisible();
    await expect(content.page.getByText(/Libro de Reclamaciones/)).toBeVisible();
    await content.open('mx', '/terminos-y-condiciones/home');
    await expect(content.page.getByText(/Derechos ARCO/)).toBeVisible();
    await expect(content.page.getByText(/cédula profesional/)).toBeVisible();
    await content.open('co', '/terminos-y-condiciones/home');
    await expect(content.page.getByText(/Superintendencia de\s+Industria y Comercio/).first()).toBeVisible();
  });

  test('the chat button opens the country’s chat saved in the database with a message naming the page', async ({
    content,
  }) => {
    await content.open('mx', '/articulos');
    // The seeded number (server/src/db/seed/contact-data.ts), not the build's VITE_CHAT_NUMBER (tests/shared-build.ts).
    const number = DEMO_CONTACT_SETTINGS.mx.chatNumber;
    expect(number).not.toBe(TEST_BUILD_ENV.VITE_CHAT_NUMBER?.replace(/\D/g, ''));
    await expect(content.chatButton).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${number}\\?text=`));
    const href = await content.chatButton.getAttribute('href');
    expect(new URL(href!).searchParams.get('text')).toBe(
      '¡Hola! Les escribo desde el Dispensario Funcional de México, desde la página «Artículos de medicina funcional», y quisiera hablar con un asesor.',
    );
    await expect(content.chatButton).toHaveAttribute('target', '_blank');
    await expect(content.footer.getByTestId('contact-phone')).toHaveText(DEMO_CONTACT_SETTINGS.mx.phone);
  });
});

test.describe('guided tour', () => {
  test.use({ tourSeen: false });

  test('is offered on a first visit, starts when taken, can be skipped and is not offered again', async ({
    content,
  }) => {
    await content.open('co');
    await expect(content.tourInvite).toBeVisible();
    // Offered, not imposed: nothing covers the page until the visitor asks.
    await expect(content.tourDialog).toHaveCount(0);
    await content.tourInvite.getByRole('button', { name: 'Ver recorrido guiado' }).click();
    await expect(content.tourDialog).toBeVisible();
    await expect(content.tourDialog).toContainText('Te damos la bienvenida');
    await expect(content.tourDialog).toContainText('Paso 1 de');
    await expect(content.tourInvite).toHaveCount(0);
    await content.tourDialog.getByRole('button', { name: 'Saltar recorrido' }).click();
    await expect(content.tourDialog).toHaveCount(0);

    await content.page.reload();
    await expect(content.heading).toBeVisible();
    await expect(content.tourInvite).toHaveCount(0);
    await expect(content.tourDialog).toHaveCount(0);
  });

  test('"Ahora no" declines it for good on a phone, and the footer still replays it', async ({ content }) => {
    await content.page.setViewportSize({ width: 390, height: 844 });
    await content.open('co');
    await expect(content.tourInvite).toBeVisible();
    const { scrollWidth, clientWidth } = await content.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    expect(await axeViolations(content.page, WITH_BEST_PRACTICES)).toEqual([]);
    await content.tourInvite.getByRole('button', { name: 'Ahora no' }).click();
    await expect(content.tourInvite).toHaveCount(0);
    await content.page.reload();
    await expect(content.heading).toBeVisible();
    await expect(content.tourInvite).toHaveCount(0);

    await content.footer.getByRole('button', { name: 'Ver recorrido guiado' }).click();
    await expect(content.tourDialog).toContainText('Te damos la bienvenida');
  });

  test('is driven by the keyboard, closes with Escape, and is replayed from the footer', async ({ content }) => {
    await content.open('co');
    await content.tourInvite.getByRole('button', { name: 'Ver recorrido guiado' }).click();
    await expect(content.tourDialog).toBeVisible();
    // Focus is inside the card; the arrow keys move between steps.
    await expect(content.tourDialog.locator(':focus')).toHaveCount(1);
    // Keys pressed during the card's 0.6 s transition (product §9) are ignored by design: the card says when it is over.
    await expect(content.tourDialog).toHaveAttribute('aria-busy', 'false');
    await content.page.keyboard.press('ArrowRight');
    await expect(content.tourDialog).toContainText('Productos, blog y nosotros');
    await content.page.keyboard.press('Escape');
    await expect(content.tourDialog).toHaveCount(0);

    await content.open('co', '/articulos');
    await content.footer.getByRole('button', { name: 'Ver recorrido guiado' }).click();
    await expect(content.page).toHaveURL(/\/co$/);
    await expect(content.tourDialog).toContainText('Te damos la bienvenida');
    // Judged once the card has faded in: mid-animation its colours are not the ones a reader sees.
    await expect(content.tourDialog).toHaveCSS('opacity', '1');
    expect(await axeViolations(content.page, WITH_BEST_PRACTICES)).toEqual([]);
  });
});

test.describe('articles offline', () => {
  test.use(WITH_SERVICE_WORKER);

  test('after one visit, every article opens offline with its picture', async ({ article, context }) => {
    await article.open('co', '/articulos');
    await expect(article.page.locator('.article-card')).toHaveCount(3);
    await article.waitForServiceWorker();

    await context.setOffline(true);
    // An article this device never opened: its text and picture come from the precache.
    await article.open('co', '/articulos/hormonas-bioidenticas');
    await expect(article.heading).toHaveText(/Hormonas bioidénticas/);
    await expect(article.body).toContainText('prescripción médica firmada');
    await expect.poll(() => article.imageLoaded()).toBe(true);
    await article.open('pe', '/articulos/hormonas-bioidenticas');
    await expect(article.body).toContainText('DIGEMID');
    await context.setOffline(false);
  });
});
