import type { APIRequestContext } from '@playwright/test';
import { InstallOffer } from './pages/install-offer';
import { expect, test, WITH_SERVICE_WORKER } from './support/fixtures';

test.use(WITH_SERVICE_WORKER);

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

/** Width × height from a PNG's IHDR chunk. */
async function pngSize(request: APIRequestContext, src: string): Promise<string> {
  const answer = await request.get(src);
  expect(answer.status(), src).toBe(200);
  expect(answer.headers()['content-type'], src).toBe('image/png');
  const bytes = await answer.body();
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test.describe('install', () => {
  test('the manifest is complete: icons with a maskable one, real screenshots, shortcuts to the catalogue and prescriptions', async ({
    request,
  }) => {
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    const manifest = (await answer.json()) as {
      start_url: string;
      display: string;
      icons: ManifestImage[];
      screenshots: ManifestImage[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const image of [...manifest.icons, ...manifest.screenshots]) {
      expect(await pngSize(request, image.src)).toBe(image.sizes);
    }
    expect(new Set(manifest.screenshots.map((shot) => shot.form_factor))).toEqual(new Set(['narrow', 'wide']));
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(
      expect.arrayContaining(['/herramientas', '/mi-cuenta/prescripcion', '/mi-cuenta/mis-prescripciones']),
    );
  });

  test('the installed app opens the country it was used in last: its start and its shortcuts', async ({
    context,
    page,
    request,
  }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      start_url: string;
      shortcuts: { url: string }[];
    };
    await page.goto('/pe/herramientas');
    await expect(page.getByRole('heading', { name: 'Herramientas funcionales' })).toBeVisible();
    // A launch of the installed app is a new window: this device's storage, none of the tab's session.
    const launch = await context.newPage();
    await launch.goto(manifest.start_url);
    await expect(launch).toHaveURL(/\/pe\/?$/);
    const catalogue = manifest.shortcuts.find((shortcut) => shortcut.url === '/herramientas');
    await launch.goto(catalogue?.url ?? '');
    await expect(launch).toHaveURL(/\/pe\/herramientas$/);
    await expect(launch.getByRole('heading', { name: 'Herramientas funcionales' })).toBeVisible();
  });

  test.describe('offer', () => {
    test.use({ installOfferSeen: false });

    test('an install button appears when the browser offers installation, and asks the browser', async ({
      home,
      page,
    }) => {
      const offer = new InstallOffer(page);
      await home.page.goto('/co');
      await offer.offerFromBrowser();
      // Never over the screen a visit starts on: it waits for the visitor's second screen.
      await expect(offer.region).toHaveCount(0);
      await offer.followLink('/co/herramientas');
      await offer.install.click();
      await expect.poll(() => offer.prompted()).toBe(true);
      await expect(offer.region).toHaveCount(0);
    });

    test('"Ahora no" keeps the offer away on this device', async ({ page }) => {
      const offer = new InstallOffer(page);
      await page.goto('/co');
      await offer.offerFromBrowser();
      await offer.followLink('/co/herramientas');
      await offer.notNow.click();
      await expect(offer.region).toHaveCount(0);
      await page.reload();
      await offer.offerFromBrowser();
      await offer.followLink('/co');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(offer.region).toHaveCount(0);
    });

    test('iPhone Safari gets the steps of the share menu', async ({ baseURL, browser }) => {
      const context = await browser.newContext({
        baseURL,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      });
      const page = await context.newPage();
      await page.goto('/co');
      const offer = new InstallOffer(page);
      await offer.followLink('/co/herramientas');
      await expect(offer.region).toContainText('toca Compartir y luego «Agregar a pantalla de inicio»');
      await expect(offer.install).toHaveCount(0);
      await context.close();
    });
  });
});
