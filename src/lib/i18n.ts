import { i18n, type Messages } from '@lingui/core';

export type CatalogueLocale = 'es' | 'pe' | 'en';

const loaders: Record<CatalogueLocale, () => Promise<{ messages: Messages }>> = {
  es: () => import('../locales/es/messages.po'),
  pe: () => import('../locales/pe/messages.po'),
  en: () => import('../locales/en/messages.po'),
};

/**
 * The locale Intl formats dates and numbers with: 'pe' names a catalogue, not a language, and Intl would fall back to
 * English for it ('Nov 25, 2026').
 */
export const INTL_LOCALES: Record<CatalogueLocale, string> = { es: 'es', pe: 'es-PE', en: 'en' };

/** Loads a catalogue once and activates it; the Peru variant and the English skeleton fall back to Spanish. */
export async function activateLocale(locale: CatalogueLocale): Promise<void> {
  if (i18n.locale !== locale) {
    const { messages } = await loaders[locale]();
    i18n.load(locale, messages);
    i18n.activate(locale, [INTL_LOCALES[locale]]);
  }
  document.documentElement.lang = INTL_LOCALES[locale];
}

export { i18n };
