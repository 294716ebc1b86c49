import { i18n, type Messages } from '@lingui/core';
import { COUNTRIES, type CountryCode } from './shared/countries';
import { formatQuantity } from './shared/formats';

export type CatalogueLocale = 'es' | 'pe' | 'en';

type CatalogueLoaders = Record<CatalogueLocale, () => Promise<{ messages: Messages }>>;

const loaders: CatalogueLoaders = {
  es: () => import('../locales/es/messages.po'),
  pe: () => import('../locales/pe/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/**
 * The locale Intl formats dates and numbers with: 'pe' names a catalogue, not a language, and Intl would fall back to
 * English for it ('Nov 25, 2026').
 */
export const INTL_LOCALES: Record<CatalogueLocale, string> = { es: 'es', pe: 'es-PE', en: 'en' };

/**
 * The Intl locale of dates, numbers and money shown for a country: its own Spanish ('es-CO'), or plain English when
 * the visitor chose English (issue #19). Only the formatting follows the language; the currency and the time zone stay
 * the country's ('COP 12,000', not dollars). Plain 'en', not 'en-CO': browsers differ on those regional variants.
 */
export function formatLocale(country: CountryCode): string {
  return i18n.locale === 'en' ? INTL_LOCALES.en : COUNTRIES[country].intlLocale;
}

/**
 * A count's plural form in the store's languages (Spanish and English: 'one' for exactly 1), for a message written
 * with Lingui's `select` and the count from `formatCount`. Lingui's `plural` writes its `#` with an Intl number
 * format, and the first one a page makes loads ICU's data (see `WRITTEN_LOCALES` in `shared/formats.ts`): every page
 * shows the header's bag count.
 */
export function countForm(count: number): 'one' | 'other' {
  return count === 1 ? 'one' : 'other';
}

/** A count as the screen's locale writes it for the country ('1.250' in Colombia, '1,250' in English). */
export function formatCount(count: number, country: CountryCode): string {
  return formatQuantity(count, formatLocale(country), 0);
}

/**
 * The home (its sections and guided tour), the other public screens (about, terms, the blog, the medical request,
 * sign-in and registration), the bag and its checkout, the screens behind a session (account area, professional
 * tools) and the admin's each have a catalogue of their own (`lingui.config.ts`): a first visit downloads only its
 * page's, and a member's screen not the admin's.
 */
export type ScreenCatalogue = 'home' | 'pages' | 'checkout' | 'members' | 'admin';

const screenLoaders: Record<ScreenCatalogue, CatalogueLoaders> = {
  home: {
    es: () => import('../locales/es/home.po'),
    pe: () => import('../locales/pe/home.po'),
    en: () => import('../locales/en/home.po'),
  },
  pages: {
    es: () => import('../locales/es/pages.po'),
    pe: () => import('../locales/pe/pages.po'),
    en: () => import('../locales/en/pages.po'),
  },
  checkout: {
    es: () => import('../locales/es/checkout.po'),
    pe: () => import('../locales/pe/checkout.po'),
    en: () => import('../locales/en/checkout.po'),
  },
  members: {
    es: () => import('../locales/es/members.po'),
    pe: () => import('../locales/pe/members.po'),
    en: () => import('../locales/en/members.po'),
  },
  admin: {
    es: () => import('../locales/es/admin.po'),
    pe: () => import('../locales/pe/admin.po'),
    en: () => import('../locales/en/admin.po'),
  },
};

/** Once a screen of such a catalogue has been shown, every later change of language brings that catalogue too. */
const screensWanted = new Set<ScreenCatalogue>();
/**
 * The locale last asked for, before its catalogue has arrived: the router loads the first route (a member screen
 * on a reload of `/co/bolsa`) while the first catalogue is still on its way.
 */
let requestedLocale: CatalogueLocale | undefined;
/**
 * The first locale asked for: start-up reads the language chosen on the device (issue #19) before asking, and the
 * router may load a member screen meanwhile.
 */
let firstRequested: (locale: CatalogueLocale) => void = () => undefined;
const firstLocale = new Promise<CatalogueLocale>((resolve) => {
  firstRequested = resolve;
});
const loaded = new Set<string>();
const visitorMessages = new Map<CatalogueLocale, Messages>();

async function load(locale: CatalogueLocale, screens?: ScreenCatalogue): Promise<void> {
  const key = `${locale}${screens ? `:${screens}` : ''}`;
  if (loaded.has(key)) return;
  const { messages } = await (screens ? screenLoaders[screens] : loaders)[locale]();
  if (screens) {
    // A message of several catalogues keeps the visitor catalogue's text: compiled with the fallback to Spanish, the
    // other copy of a message not yet translated there would put Spanish back into the header and footer.
    i18n.load(locale, { ...messages, ...visitorMessages.get(locale) });
  } else {
    visitorMessages.set(locale, messages);
    i18n.load(locale, messages);
  }
  loaded.add(key);
}

/**
 * The locale start-up expects before the device's stored choice is read: a first visit has none, so its catalogues
 * download beside the database's opening instead of after it. A different stored choice loads its own as before.
 */
let expectedLocale: CatalogueLocale | undefined;

/** Starts downloading the visitor catalogue of the locale start-up expects (and, later, its screens' catalogues). */
export function expectLocale(locale: CatalogueLocale): void {
  expectedLocale = locale;
  // Only a head start: `load` imports the same module again and reports its failure.
  loaders[locale]().catch(() => undefined);
}

/** Loads a catalogue once and activates it; the Peru variant and the English skeleton fall back to Spanish. */
export async function activateLocale(locale: CatalogueLocale): Promise<void> {
  requestedLocale = locale;
  firstRequested(locale);
  if (i18n.locale !== locale) {
    await Promise.all([load(locale), ...[...screensWanted].map((screens) => load(locale, screens))]);
    i18n.activate(locale, [INTL_LOCALES[locale]]);
  }
  document.documentElement.lang = INTL_LOCALES[locale];
}

/** Before a screen of such a catalogue renders: its messages join the active catalogue (and every one activated later). */
export async function loadScreenMessages(screens: ScreenCatalogue): Promise<void> {
  screensWanted.add(screens);
  const active = (i18n.locale || undefined) as CatalogueLocale | undefined;
  if (!requestedLocale && expectedLocale) screenLoaders[screens][expectedLocale]().catch(() => undefined);
  await load(requestedLocale ?? active ?? (await firstLocale), screens);
}

export { i18n };
