// Re-purchase reminders (issue #8, offline-first): the wire contract of the push subscription and reminder calls,
// and the push message itself. The server builds the message with `buildReminderPayload`, the service worker reads
// it back with `parseReminderPayload`, and the end-to-end test sends what the server would. Endpoints are listed in
// docs/api.md ("Re-purchase reminders").

import { dayParts, addDays, daysBetween } from './calendar-date';
import { COUNTRIES, isCountryCode, type CountryCode } from './countries';
import type { PrescriptionType } from './prescriptions';

/** `/{c}/bolsa?recompra={prescriptionId}` puts that prescription's products in the bag. */
export const REPURCHASE_PARAM = 'recompra';

/**
 * Days before a supply runs out when a reminder goes: a week leaves time for an order to be paid and shipped in any
 * of the three countries; two days is the last call. A supply too short for both gets one reminder the next morning.
 */
export const REMINDER_LEAD_DAYS = [7, 2] as const;
/** Reminders go at this hour of the store's time zone, never at night. */
export const REMINDER_SEND_HOUR = 9;

export const REMINDER_ICON_URL = '/icons/icon-192.png';
/** Monochrome silhouette for the status bar (Android draws it in one colour). */
export const REMINDER_BADGE_URL = '/icons/badge-96.png';

/** `GET /push/public-key`: the VAPID public key the browser subscribes with (`applicationServerKey`). */
export interface PushPublicKeyDto {
  publicKey: string;
}

/**
 * The languages a device's reminder pushes can be written in (issue #19): the storefront's 'Español / English'
 * choice. 'es' is the country's Spanish; the pushes are the same text in the three countries.
 */
export const PUSH_LANGUAGES = ['es', 'en'] as const;
export type PushLanguage = (typeof PUSH_LANGUAGES)[number];

/** `POST /push/subscriptions` body: the browser's `PushSubscription.toJSON()` and the device's interface language. */
export interface PushSubscriptionInputDto {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
  /** Missing from clients older than issue #19: their pushes stay Spanish. */
  language?: PushLanguage;
}

/** `DELETE /push/subscriptions` body. */
export interface PushUnsubscribeDto {
  endpoint: string;
}

/** One device of the signed-in user that receives reminders in the request's country (`GET /push/subscriptions`). */
export interface PushDeviceDto {
  endpoint: string;
  /** The language its reminders are written in. */
  language: PushLanguage;
  createdAt: string;
  updatedAt: string;
}

export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

export interface ReminderProductDto {
  productId: number;
  name: string;
  /** Containers bought. */
  quantity: number;
  daysOfSupply: number;
  /** The store's day when this product runs out (`YYYY-MM-DD`). */
  runsOutOn: string;
}

/** How a reminder's notification ended: delivered, no device to deliver to, or given up after the retries. */
export const REMINDER_OUTCOMES = ['sent', 'no_device', 'failed', 'superseded', 'cancelled', 'expired'] as const;
export type ReminderOutcome = (typeof REMINDER_OUTCOMES)[number];

export interface ReminderNotificationDto {
  leadDays: number;
  /** When it is (or was) due to go. */
  dueAt: string;
  sentAt: string | null;
  /** Null while it waits. */
  outcome: ReminderOutcome | null;
}

/** One purchase of a prescription's products: when the first of them runs out and what to buy again. */
export interface ReminderDto {
  id: number;
  prescriptionId: number;
  prescriptionType: PrescriptionType;
  authorName: string;
  orderNumber: string;
  purchasedAt: string;
  /** The earliest `runsOutOn` of its products. */
  runsOutOn: string;
  /** `upcoming` until the day it runs out, `past` after. */
  status: 'upcoming' | 'past';
  products: ReminderProductDto[];
  notifications: ReminderNotificationDto[];
  /** Where the reminder leads: the bag with the prescription's products. */
  url: string;
}

/** `GET /reminders`: the signed-in user's reminders in the request's country, the soonest first. */
export interface ReminderListDto {
  data: ReminderDto[];
}

/** The push message of a re-purchase reminder (JSON, well under the 4 KB push services accept). */
export interface ReminderPushPayload {
  kind: 'repurchase-reminder';
  reminderId: number;
  country: CountryCode;
  prescriptionId: number;
  title: string;
  body: string;
  url: string;
  /** One notification per prescription: a newer reminder replaces the previous one on the device. */
  tag: string;
}

const NAME_MAX_LENGTH = 60;

export function repurchaseUrl(country: CountryCode, prescriptionId: number): string {
  return `/${country}/bolsa?${REPURCHASE_PARAM}=${prescriptionId}`;
}

const REPURCHASE_URL_PATTERN = new RegExp(`^/(co|mx|pe)/bolsa\\?${REPURCHASE_PARAM}=\\d+$`);

/** One formatter per time zone: making one costs more than formatting (issue #18's register pages). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The store's calendar day of an instant in a time zone (`YYYY-MM-DD`). */
export function localDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** How far a time zone is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant when a time zone's clock shows `hour`:00 on `day`. */
export function atLocalHour(day: string, hour: number, timeZone: string): Date {
  const [year, month, date] = dayParts(day);
  const wall = Date.UTC(year, month - 1, date, hour);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  // A second pass settles days when the offset changes between the wall time and the instant (daylight saving).
  return new Date(wall - zoneOffsetMs(new Date(first), timeZone));
}

/**
 * When the reminders of a supply that runs out on `runsOutOn` go: `REMINDER_LEAD_DAYS` before it at
 * `REMINDER_SEND_HOUR`, those still ahead of `now`; when none is, one the next morning.
 */
export function reminderTimes(runsOutOn: string, now: Date, timeZone: string): { leadDays: number; at: Date }[] {
  const times: { leadDays: number; at: Date }[] = [];
  for (const leadDays of REMINDER_LEAD_DAYS) {
    const at = atLocalHour(addDays(runsOutOn, -leadDays), REMINDER_SEND_HOUR, timeZone);
    if (at > now && !times.some((time) => time.at.getTime() === at.getTime())) times.push({ leadDays, at });
  }
  if (times.length > 0) return times;
  const nextMorning = atLocalHour(addDays(localDay(now, timeZone), 1), REMINDER_SEND_HOUR, timeZone);
  return [{ leadDays: Math.max(0, daysBetween(localDay(nextMorning, timeZone), runsOutOn)), at: nextMorning }];
}

function shortName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length <= NAME_MAX_LENGTH ? trimmed : `${trimmed.slice(0, NAME_MAX_LENGTH - 1).trimEnd()}…`;
}

/** Midday of a `YYYY-MM-DD` day in UTC: formatted in UTC, it is that day whatever the machine's zone. */
function noonOf(day: string): Date {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date, 12));
}

/** "jueves 12 de marzo" for a `YYYY-MM-DD` day. */
function spokenDay(day: string, country: CountryCode): string {
  const parts = new Intl.DateTimeFormat(COUNTRIES[country].intlLocale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).formatToParts(noonOf(day));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} de ${part('month')}`;
}

/** "Thursday, March 12" for a `YYYY-MM-DD` day; plain `en`, as the storefront formats English. */
function spokenDayInEnglish(day: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' }).format(
    noonOf(day),
  );
}

export interface ReminderPayloadInput {
  reminderId: number;
  country: CountryCode;
  prescriptionId: number;
  /** The products that run out first come first. */
  productNames: string[];
  runsOutOn: string;
  /** The store's day when the message goes. */
  today: string;
}

interface ReminderWording {
  title: string;
  body: string;
}

function spanishWording(input: ReminderPayloadInput, names: string[], daysLeft: number): ReminderWording {
  const [first = 'tu tratamiento', ...rest] = names;
  const several = rest.length > 0;
  const subject = several
    ? `Tu ${first} y ${rest.length === 1 ? 'otro producto' : `${rest.length} productos más`} de tu tratamiento`
    : `Tu ${first}`;
  const ends = several ? 'se terminan' : 'se termina';
  const when =
    daysLeft < 0
      ? several
        ? 'ya se terminaron'
        : 'ya se terminó'
      : daysLeft === 0
        ? `${ends} hoy`
        : daysLeft === 1
          ? `${ends} mañana`
          : `${ends} en ${daysLeft} días (el ${spokenDay(input.runsOutOn, input.country)})`;
  const action = several
    ? 'Toca para pedirlos de nuevo: los dejamos listos en tu bolsa.'
    : 'Toca para pedirlo de nuevo: lo dejamos listo en tu bolsa.';
  return { title: 'Es hora de reponer tu tratamiento', body: `${subject} ${when}. ${action}` };
}

/** The same cases as the Spanish text, in the storefront's English ('bag' for 'bolsa'). */
function englishWording(input: ReminderPayloadInput, names: string[], daysLeft: number): ReminderWording {
  const [first, ...rest] = names;
  const several = rest.length > 0;
  const subject =
    first === undefined
      ? 'Your treatment'
      : several
        ? `Your ${first} and ${rest.length === 1 ? 'one other product' : `${rest.length} other products`} from your treatment`
        : `Your ${first}`;
  const runsOut = several ? 'run out' : 'runs out';
  const when =
    daysLeft < 0
      ? several
        ? 'have already run out'
        : 'has already run out'
      : daysLeft === 0
        ? `${runsOut} today`
        : daysLeft === 1
          ? `${runsOut} tomorrow`
          : `${runsOut} in ${daysLeft} days (on ${spokenDayInEnglish(input.runsOutOn)})`;
  const action = several
    ? "Tap to order them again: we'll have them ready in your bag."
    : "Tap to order it again: we'll have it ready in your bag.";
  return { title: 'Time to restock your treatment', body: `${subject} ${when}. ${action}` };
}

/**
 * The notification of a re-purchase reminder in the device's language (Spanish for devices that never said),
 * worded for the days left on the day it is sent.
 */
export function buildReminderPayload(input: ReminderPayloadInput, language: PushLanguage = 'es'): ReminderPushPayload {
  const names = input.productNames.map(shortName);
  const daysLeft = daysBetween(input.today, input.runsOutOn);
  const { title, body } =
    language === 'en' ? englishWording(input, names, daysLeft) : spanishWording(input, names, daysLeft);
  return {
    kind: 'repurchase-reminder',
    reminderId: input.reminderId,
    country: input.country,
    prescriptionId: input.prescriptionId,
    title,
    body,
    url: repurchaseUrl(input.country, input.prescriptionId),
    tag: `recompra-${input.country}-${input.prescriptionId}`,
  };
}

/**
 * A push message's data as a reminder, or null when it is not one. The link must be the bag of this app: a message
 * cannot send the user to another site.
 */
export function parseReminderPayload(data: unknown): ReminderPushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = data as Record<string, unknown>;
  const { kind, reminderId, country, prescriptionId, title, body, url, tag } = value;
  if (kind !== 'repurchase-reminder' || !isCountryCode(country)) return null;
  if (!Number.isSafeInteger(reminderId) || !Number.isSafeInteger(prescriptionId)) return null;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  if (typeof url !== 'string' || !REPURCHASE_URL_PATTERN.test(url)) return null;
  return {
    kind,
    reminderId: reminderId as number,
    country,
    prescriptionId: prescriptionId as number,
    title,
    body,
    url,
    tag,
  };
}
