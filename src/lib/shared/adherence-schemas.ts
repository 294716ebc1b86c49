// The adherence endpoints' answers (docs/api.md, "Adherence"); the rules that read them are in adherence.ts.

import { z } from './zod';

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
