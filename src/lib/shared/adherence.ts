// Adherence for professionals (issue #19): how each patient's purchases cover what their professional prescribed,
// and the one-tap re-purchase reminder. The server computes the figures (server/src/adherence), the storefront shows
// them and derives the state from the dates, so a copy kept on the device still counts the days right when it is
// read offline days later. Endpoints in docs/api.md ("Adherence").

import { daysBetween } from './calendar-date';
import { z } from './zod';

/** The list's filter and the 'Se le acaba en N días' state: a supply that runs out within this many days. */
const ADHERENCE_SOON_DAYS = 14;
/** A professional's reminder of one product to one patient goes at most once in this many days. */
export const ADHERENCE_REMINDER_INTERVAL_DAYS = 7;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One prescribed product of a patient: what was bought of it since it was first prescribed, and until when it lasts. */
const productAdherenceSchema = z.object({
  productId: z.number().int().positive(),
  name: z.string(),
  /** The prescription the product is bought under today (the re-purchase link opens it). */
  prescriptionId: z.number().int().positive(),
  /** The store's day of the first prescription holding the product: purchases before it do not count. */
  prescribedOn: day,
  /** Units a day, as the prescription in force says. */
  dailyUnits: z.number(),
  /** Units in one container and their symbol; null when the product has no presentation. */
  unitsPerContainer: z.number().nullable(),
  unitSymbol: z.string().nullable(),
  /** The store's day of the latest purchase since it was prescribed; null when it was never bought. */
  lastPurchaseOn: day.nullable(),
  /** Containers bought since it was prescribed. */
  containersBought: z.number().int().nonnegative(),
  /** Units bought since it was prescribed (containers × units per container); null without a presentation. */
  unitsBought: z.number().nullable(),
  /** Days those purchases cover at the prescribed dose; null when they cannot be counted (a measured unit, ml). */
  daysCovered: z.number().int().nullable(),
  /** The store's day the supply runs out, purchases chained one after the other; null when unknown or never bought. */
  runsOutOn: day.nullable(),
  /** When a professional last reminded the patient of this product, and from when it is possible again. */
  lastReminderAt: z.string().nullable(),
  remindAgainOn: day.nullable(),
});
export type ProductAdherenceDto = z.infer<typeof productAdherenceSchema>;

/** `GET /patients/:id/adherence`. */
export const patientAdherenceSchema = z.object({
  patientId: z.number().int().positive(),
  /** The store's day the figures were computed on. */
  today: day,
  products: z.array(productAdherenceSchema),
});
export type PatientAdherenceDto = z.infer<typeof patientAdherenceSchema>;

/** The state of one patient in the patients list (`adherence` of each `GET /patients` row). */
export const adherenceSummarySchema = z.object({
  /** Prescribed products the summary follows; 0 means there is nothing of this professional to follow. */
  products: z.number().int().nonnegative(),
  /** The latest purchase of any of them. */
  lastPurchaseOn: day.nullable(),
  /** The soonest day one of the bought products runs out. */
  runsOutOn: day.nullable(),
});
export type AdherenceSummaryDto = z.infer<typeof adherenceSummarySchema>;

/** `POST /patients/:id/adherence/:productId/remind`: how the reminder went and when another one is possible. */
export const adherenceReminderResultSchema = z.object({
  channel: z.enum(['push', 'email']),
  sentAt: z.string(),
  remindAgainOn: day,
});
export type AdherenceReminderResultDto = z.infer<typeof adherenceReminderResultSchema>;

export type AdherenceState =
  | { kind: 'untracked' }
  | { kind: 'never' }
  | { kind: 'bought'; lastPurchaseOn: string }
  | { kind: 'lapsed'; lastPurchaseOn: string; ranOutOn: string }
  | { kind: 'running-out'; daysLeft: number; runsOutOn: string }
  | { kind: 'on-track'; daysLeft: number; runsOutOn: string };

/**
 * What the figures mean on `today`: never bought ('Sin compras'), run out ('Sin compras desde <última compra>'),
 * running out within ADHERENCE_SOON_DAYS ('Se le acaba en N días'), or covered ('Al día'). A purchase whose days
 * cannot be counted is only 'bought'.
 */
export function adherenceState(
  figures: { lastPurchaseOn: string | null; runsOutOn: string | null },
  today: string,
  tracked = true,
): AdherenceState {
  if (!tracked) return { kind: 'untracked' };
  const { lastPurchaseOn, runsOutOn } = figures;
  if (lastPurchaseOn === null) return { kind: 'never' };
  if (runsOutOn === null) return { kind: 'bought', lastPurchaseOn };
  const daysLeft = daysBetween(today, runsOutOn);
  if (daysLeft < 0) return { kind: 'lapsed', lastPurchaseOn, ranOutOn: runsOutOn };
  if (daysLeft <= ADHERENCE_SOON_DAYS) return { kind: 'running-out', daysLeft, runsOutOn };
  return { kind: 'on-track', daysLeft, runsOutOn };
}

export function summaryState(summary: AdherenceSummaryDto | null | undefined, today: string): AdherenceState {
  return adherenceState(
    { lastPurchaseOn: summary?.lastPurchaseOn ?? null, runsOutOn: summary?.runsOutOn ?? null },
    today,
    (summary?.products ?? 0) > 0,
  );
}

/** Spanish messages both sides may show. */
export const ADHERENCE_PRODUCT_NOT_FOUND_MESSAGE =
  'Este producto no está en las fórmulas que escribiste para este paciente.';
export const ADHERENCE_NO_CONTACT_MESSAGE =
  'No tenemos cómo avisarle a este paciente: no tiene notificaciones activas ni correo electrónico.';
