import { t } from '@lingui/core/macro';
import { i18n, INTL_LOCALES, type CatalogueLocale } from './i18n';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'Actualizado hace 2 días': how long ago data shown without the server's confirmation was read from it. Always in
 * figures ('hace 2 días', not 'anteayer'), so the age reads the same from one day to the next.
 */
export function updatedAgoText(updatedAt: number, now = Date.now()): string {
  const elapsed = Math.max(0, now - updatedAt);
  if (elapsed < MINUTE_MS) return t`Actualizado hace un momento`;
  const locale = INTL_LOCALES[i18n.locale as CatalogueLocale] ?? 'es';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const ago =
    elapsed < HOUR_MS
      ? format.format(-Math.floor(elapsed / MINUTE_MS), 'minute')
      : elapsed < DAY_MS
        ? format.format(-Math.floor(elapsed / HOUR_MS), 'hour')
        : format.format(-Math.floor(elapsed / DAY_MS), 'day');
  return t`Actualizado ${ago}`;
}
