// Adherence for professionals (issue #19): how each patient's purchases cover what their professional prescribed,
// and the one-tap re-purchase reminder. The server computes the figures (server/src/adherence), the storefront shows
// them and derives the state from the dates, so a copy kept on the device still counts the days right when it is
// read offline days later. Endpoints in docs/api.md ("Adherence").

import type { AdherenceSummaryDto } from './adherence-schemas';
import { daysBetween } from './calendar-date';

/** The list's filter and the 'Se le acaba en N días' state: a supply that runs out within this many days. */
const ADHERENCE_SOON_DAYS = 14;
/** A professional's reminder of one product to one patient goes at most once in this many days. */
export const ADHERENCE_REMINDER_INTERVAL_DAYS = 7;

// The wire shapes, as schemas in a module of their own: the screens that show adherence import only the types, so
// their first render loads no zod.
export type {
  AdherenceReminderResultDto,
  AdherenceSummaryDto,
  PatientAdherenceDto,
  ProductAdherenceDto,
} from './adherence-schemas';
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
