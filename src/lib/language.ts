import { languageOf } from './countries';
import type { CatalogueLocale } from './i18n';
import type { CountryCode } from './shared/countries';
import { persistedAtom } from './store';

/**
 * Issue #19: the interface language the visitor chose on this device. 'es' is the country's Spanish (the Peru
 * catalogue in Peru), so the choice is kept across countries without naming a country's variant.
 */
export type LanguageChoice = 'es' | 'en';

export const LANGUAGE_STORAGE_KEY = 'language';

export function parseLanguageChoice(stored: unknown): LanguageChoice | undefined {
  return stored === 'es' || stored === 'en' ? stored : undefined;
}

/**
 * Per device, not per session: a logout keeps it (it is not in the session-scoped keys), like the country. Declared
 * with the shell, so it is restored before the first render.
 */
export const languageChoiceAtom = persistedAtom<LanguageChoice>(LANGUAGE_STORAGE_KEY, 'es', parseLanguageChoice);

/** The catalogue to show in a country for a choice. */
export function catalogueLocaleOf(country: CountryCode, choice: LanguageChoice): CatalogueLocale {
  return choice === 'en' ? 'en' : languageOf(country);
}
