import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Shell } from './shell';

export const CONTENT_COUNTRIES = ['co', 'mx', 'pe'] as const;
export type ContentCountry = (typeof CONTENT_COUNTRIES)[number];

/**
 * Every content page of the Content issue, under the country prefix, in the order a visitor can walk them, and where
 * the previous page links to each: the header's navigation, the page itself or the footer.
 */
export const CONTENT_PATHS = [
  { path: '', heading: /Tu estrategia terapéutica/, linkIn: 'header' },
  { path: '/nosotros', heading: /Hacemos que la estrategia/, linkIn: 'header' },
  { path: '/articulos', heading: 'Artículos de medicina funcional', linkIn: 'header' },
  { path: '/articulos/eje-intestino-cerebro', heading: /Eje intestino-cerebro/, linkIn: 'main' },
  {
    path: '/terminos-y-condiciones/home',
    heading: 'Términos y condiciones y política de privacidad',
    linkIn: 'footer',
  },
] as const;

/**
 * The ids Lingui gives the catalogue's messages (sha256 of message + U+001F + context, base64url, 6 characters, as
 * @lingui/message-utils computes them). A production build carries only ids: a message missing from the active
 * catalogue shows as its id, so finding one on a page means an untranslated string.
 */
function catalogueIds(): string[] {
  const po = ['messages', 'members']
    .map((catalogue) => readFileSync(new URL(`../../../src/locales/es/${catalogue}.po`, import.meta.url), 'utf8'))
    .join('\n');
  const ids: string[] = [];
  let context = '';
  for (const line of po.split('\n')) {
    const ctx = /^msgctxt "(.*)"$/.exec(line);
    if (ctx) context = JSON.parse(`"${ctx[1]}"`) as string;
    const id = /^msgid "(.+)"$/.exec(line);
    if (id) {
      const message = JSON.parse(`"${id[1]}"`) as string;
      ids.push(createHash('sha256').update(`${message}\u001f${context}`).digest('base64url').slice(0, 6));
      context = '';
    }
  }
  return ids;
}

let idsCache: RegExp | undefined;
function rawIdPattern(): RegExp {
  idsCache ??= new RegExp(
    `(?<![\\w-])(${catalogueIds()
      .map((id) => id.replace(/[-]/g, '\\-'))
      .join('|')})(?![\\w-])`,
  );
  return idsCache;
}

export class ContentPage extends Shell {
  readonly heading = this.page.locator('h1');
  readonly tourDialog = this.page.getByRole('dialog').filter({ has: this.page.locator('.driver-popover-title') });
  /** The home's offer of the guided tour, on a device that has not seen it. */
  readonly tourInvite = this.page.getByRole('region', { name: /Primera vez aquí/ });
  readonly chatButton = this.page.locator('a.chat-button');

  async open(country: ContentCountry, path = '') {
    await this.page.goto(`/${country}${path}`);
  }

  /** Visible text and the names given to assistive technology, where a raw message id would show. */
  async rawMessageIds(): Promise<string[]> {
    const texts = await this.page.evaluate(() => {
      const attributes = [...document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap(
        (element) => ['aria-label', 'alt', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
      );
      return [document.title, document.body.innerText, ...attributes];
    });
    const pattern = new RegExp(rawIdPattern(), 'g');
    return texts.flatMap((text) => [...text.matchAll(pattern)].map((match) => match[1]!));
  }
}

export class ContentArticlePage extends ContentPage {
  readonly image = this.page.locator('img.article__image');
  readonly body = this.page.locator('.prose');

  async imageLoaded(): Promise<boolean> {
    return this.image.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
  }
}
