import { formatCountryDate } from './dates';
import { formatLocale } from './i18n';
import type { CountryCode } from './shared/countries';
import { formatQuantity as formatQuantityIn } from './shared/formats';

/**
 * A long date ('20 de noviembre de 2026') in the country's Spanish and the store's time zone. Dates only
 * (`YYYY-MM-DD`) are that calendar day, not midnight UTC, which would be the day before in the store.
 */
export function formatDate(iso: string | null | undefined, country: CountryCode): string {
  return iso ? (formatCountryDate(iso, country) ?? iso) : '';
}

/** A quantity as people write it in the country ('0,5', '2'). */
export function formatQuantity(value: number, country: CountryCode): string {
  return formatQuantityIn(value, formatLocale(country));
}

/** Where a professional reads one strategy (prescription or recommendation) of a patient. */
export function strategyPath(country: CountryCode, patientId: number, strategyId: number): string {
  return `/${country}/mi-cuenta/mis-pacientes/${patientId}/estrategias/${strategyId}`;
}
