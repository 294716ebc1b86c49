import { plural, t } from '@lingui/core/macro';
import { formatCountryDate } from '../../lib/dates';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { localDay, type ReminderNotificationDto } from '../../lib/shared/reminders';
import { daysBetween } from '../../lib/shared/calendar-date';

/** Noon UTC falls on the same calendar day in every store's time zone. */
const NOON_UTC_SUFFIX = 'T12:00:00Z';

/** A store day (`YYYY-MM-DD`) as a long date. */
export function formatDay(day: string, country: CountryCode): string {
  return formatCountryDate(`${day}${NOON_UTC_SUFFIX}`, country) ?? day;
}

/** Days from today (the store's day) until `day`. */
function daysUntil(day: string, country: CountryCode, now: Date = new Date()): number {
  return daysBetween(localDay(now, COUNTRIES[country].timeZone), day);
}

/** "Se termina el 24 de enero de 2027 (en 12 días)", or when it already ran out. */
export function runsOutText(day: string, country: CountryCode, now: Date = new Date()): string {
  const date = formatDay(day, country);
  const left = daysUntil(day, country, now);
  if (left < 0) return t`Se terminó el ${date}`;
  if (left === 0) return t`Se termina hoy, ${date}`;
  if (left === 1) return t`Se termina mañana, ${date}`;
  return t`Se termina el ${date} (en ${left} días)`;
}

export function leadText(leadDays: number): string {
  if (leadDays === 0) return t`Aviso el día en que se termina`;
  return plural(leadDays, { one: 'Aviso # día antes', other: 'Aviso # días antes' });
}

/** What happened to one notification of a reminder, in a few words. */
export function notificationState(notification: ReminderNotificationDto, country: CountryCode): string {
  const due = formatCountryDate(notification.dueAt, country, true) ?? notification.dueAt;
  const sent = notification.sentAt ? (formatCountryDate(notification.sentAt, country, true) ?? '') : '';
  switch (notification.outcome) {
    case null:
      return new Date(notification.dueAt) > new Date() ? t`programado para el ${due}` : t`enviándose`;
    case 'sent':
      return t`enviado el ${sent}`;
    case 'no_device':
      return t`no había dispositivos con notificaciones activadas`;
    case 'failed':
      return t`no se pudo entregar`;
    case 'superseded':
      return t`reemplazado por un aviso más reciente`;
    case 'cancelled':
      return t`cancelado`;
    case 'expired':
      return t`vencido sin enviarse`;
  }
}
