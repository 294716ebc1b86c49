import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { localDay } from '../../lib/shared/reminders';

/** Today in the store's time zone (`YYYY-MM-DD`): adherence states are counted from it, online or from a kept copy. */
export function storeToday(country: CountryCode, now: Date = new Date()): string {
  return localDay(now, COUNTRIES[country].timeZone);
}
