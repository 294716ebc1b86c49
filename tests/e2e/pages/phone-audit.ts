import { expect, type BrowserContext, type Locator } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { Shell } from './shell';

/** The two phone widths every route must fit (px): a small Android and a current iPhone. */
export const PHONE_WIDTHS = [360, 390] as const;
const PHONE_HEIGHTS: Record<(typeof PHONE_WIDTHS)[number], number> = { 360: 740, 390: 844 };
/** Every route is checked to the end, so one run lists all the routes that fail, not only the first. */
const softExpect = expect.configure({ soft: true });

/** The two phones as viewports, small first. */
export const PHONE_SIZES = PHONE_WIDTHS.map((width) => ({ width, height: PHONE_HEIGHTS[width] }));

/** How long the app may take to show a route's heading on a busy machine, first visit included (ms). */
const APP_START_MS = 20_000;
/** How long a layout may take to settle after a resize or a load before it counts as too wide (ms). */
const SETTLE_MS = 3000;

/**
 * Runs in the page: empty when the page is no wider than `width`; else the page's width and the innermost elements
 * that reach past the screen's right edge, which is where the fix goes.
 */
function widerThanScreen(width: number): string[] {
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return [];
  // What starts on the screen and ends past its edge widens the page; what lies wholly past it was pushed there.
  const crossesEdge = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.left < width && box.right > width + 0.5;
  };
  const culprits = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
    .filter(crossesEdge)
    .filter((element) => !Array.from(element.children).some(crossesEdge))
    .slice(0, 4)
    .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`);
  return [`${scrollWidth} px`, ...culprits];
}

/** Runs in the page: empty when the element lies within the screen's width and does not scroll sideways. */
function overlayOverflow(element: Element, width: number): string[] {
  const box = element.getBoundingClientRect();
  const problems: string[] = [];
  if (box.left < -0.5 || box.right > width + 0.5) problems.push(`${Math.round(box.left)}–${Math.round(box.right)} px`);
  if (element.scrollWidth > element.clientWidth + 1) problems.push(`scroll ${element.scrollWidth} px`);
  return problems;
}

/** What every document title ends with, after the route's own heading. */
const STORE_TITLE = 'Dispensario Funcional';

/** A name or a city of 300 characters with nowhere to break (issue #16): it must wrap, never widen the page. */
export const UNBROKEN_TEXT = 'Mariaguadalupe'.repeat(21).slice(0, 300);
/** The keys of the server's answers that hold a person's name or a city. */
const PERSON_OR_CITY_KEY =
  /^((first|second|last|display|patient|doctor|professional|buyer|customer|full)_?name|city)$/i;

/**
 * Every person's name, city and product's or category's name (a `name` next to a `slug`) in a JSON answer replaced by
 * UNBROKEN_TEXT. Other `name` keys are identifiers (a role's, a form field's) and stay.
 */
function stretched(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stretched);
  if (value === null || typeof value !== 'object') return value;
  const named = 'slug' in value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      typeof inner === 'string' && inner !== '' && (PERSON_OR_CITY_KEY.test(key) || (named && key === 'name'))
        ? UNBROKEN_TEXT
        : stretched(inner),
    ]),
  );
}

/**
 * From now on the server's JSON answers to `context` (pages and service worker) name everything and everyone with a
 * 300-character unbroken word: the store never takes one that long (names 80, cities 100), but what it shows must
 * still wrap.
 */
export async function stretchNamesAndCities(context: BrowserContext) {
  await context.route('**/api/**', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    try {
      const answer = await route.fetch();
      const json = (answer.headers()['content-type'] ?? '').includes('application/json');
      await route.fulfill(json ? { response: answer, json: stretched(await answer.json()) } : { response: answer });
    } catch {
      // The page went on (or the test ended) while the answer was on its way: nobody is left to read it.
      await route.abort().catch(() => undefined);
    }
  });
}

/** WCAG 2.5.5 target size, the size the header, the bag and the builder keep (px). */
export const MIN_TARGET_PX = 44;

/**
 * Audits the page on screen at phone widths: no sideways scrolling, axe, touch targets, a screenshot. One page is
 * resized between the widths instead of opening a context per width, which keeps the whole audit fast.
 */
export class PhoneAudit extends Shell {
  readonly firstHeading = this.page.locator('#main h1').first();
  /** The title of each route visited, and the route. */
  private readonly titles = new Map<string, string>();

  /**
   * Loads `path` as a typed address or a link from outside the app does, and waits for its main heading (and
   * `ready`, what the route loads after it).
   */
  async visit(path: string, ready?: Locator) {
    await this.page.goto(path);
    // The first visit of a context starts the app (and its service worker) from nothing.
    await expect(this.firstHeading).toBeVisible({ timeout: APP_START_MS });
    await this.arrived(path, ready);
  }

  /**
   * Goes to `path` by its link, as a person on a phone does (`followLink`), unless the page is there already, and
   * waits as `visit` does. The document stays, so axe, loaded once, judges every route of the walk.
   */
  async follow(path: string, { ready, within }: { ready?: Locator; within?: Locator } = {}) {
    if (this.page.url() !== new URL(path, this.page.url()).href) {
      const before = await this.page.title();
      await this.followLink(path, within);
      // The address changes before the screen does; the title follows the new route's heading once it is drawn.
      await expect(this.page, `${path}: la pantalla de la ruta`).not.toHaveTitle(before);
    }
    await expect(this.firstHeading).toBeVisible();
    await this.arrived(path, ready);
  }

  private async arrived(path: string, ready: Locator | undefined) {
    if (ready) await expect(ready.first()).toBeVisible();
    await this.expectOwnTitle(path);
  }

  /**
   * The document's title is the route's own: its main heading (and area), then the store's name; no other route visited by this
   * audit had the same title (a tab, a history list or a screen reader tells the routes apart by it).
   */
  async expectOwnTitle(path: string) {
    const heading = (await this.firstHeading.textContent())?.trim() ?? '';
    // The administration's screens name their area too: its 'Herramientas funcionales' is not the catalogue's.
    const area = /^\/\w\w\/admin\//.test(path) ? ' · Administración' : '';
    await softExpect(this.page, `${path}: título propio`).toHaveTitle(`${heading}${area} · ${STORE_TITLE}`);
    const title = await this.page.title();
    const earlier = this.titles.get(title);
    softExpect(earlier ?? path, `${path}: título «${title}» ya usado por ${earlier}`).toBe(path);
    this.titles.set(title, path);
  }

  /**
   * Checks the page at both widths (and `overlay`, an open dialog) and writes `name`.png at 390 px. With a mobile viewport Chromium widens the layout
   * viewport to the content, so the page's scroll width is compared with the device's width, not with innerWidth.
   */
  async fitsPhones(name: string, { axe = true, overlay }: { axe?: boolean; overlay?: Locator } = {}) {
    const current = this.page.viewportSize()?.width;
    const order = current === 360 ? [360, 390] : [390, 360];
    for (const width of order as (typeof PHONE_WIDTHS)[number][]) {
      if (this.page.viewportSize()?.width !== width) {
        await this.page.setViewportSize({ width, height: PHONE_HEIGHTS[width] });
      }
      await softExpect
        .poll(() => this.page.evaluate(widerThanScreen, width), {
          message: `${name}: nada más ancho que ${width} px`,
          timeout: SETTLE_MS,
        })
        .toEqual([]);
      // A dialog is fixed to the screen and never widens the page: it must fit by itself, with no sideways scroll.
      if (overlay) {
        await softExpect
          .poll(() => overlay.evaluate(overlayOverflow, width), {
            message: `${name}: el diálogo cabe en ${width} px`,
            timeout: SETTLE_MS,
          })
          .toEqual([]);
      }
      if (width === 390) {
        await this.page.screenshot({ path: screenshotPath(name) });
        if (axe) softExpect(await axeViolations(this.page), `${name}: axe`).toEqual([]);
      }
    }
  }

  /**
   * The visible controls inside `root` smaller than 44 × 44 px, described for the failure message. A checkbox or a
   * radio counts by the label that wraps it, which is what a finger touches.
   */
  async smallTargets(root: Locator): Promise<string[]> {
    return root.evaluateAll((roots, min) => {
      const small: string[] = [];
      for (const element of roots.flatMap((node) =>
        Array.from(node.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary')),
      )) {
        const target =
          element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')
            ? (element.closest('label') ?? element)
            : element;
        const box = target.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
        if (box.width < min - 0.5 || box.height < min - 0.5) {
          const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.tagName).trim();
          small.push(`${name.slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`);
        }
      }
      return small;
    }, MIN_TARGET_PX);
  }
}

/** Every route of every role at 390 px, for a person to look through (test-results/ is emptied by each run). */
function screenshotPath(name: string): string {
  return `test-results/phone-layout/${name}.png`;
}
