import type { Kysely } from 'kysely';
import {
  ADHERENCE_NO_CONTACT_MESSAGE,
  ADHERENCE_PRODUCT_NOT_FOUND_MESSAGE,
  ADHERENCE_REMINDER_INTERVAL_DAYS,
  type AdherenceReminderResultDto,
  type PatientAdherenceDto,
} from '../../../src/lib/shared/adherence';
import { COUNTRIES, countryById } from '../../../src/lib/shared/countries';
import { localDay } from '../../../src/lib/shared/reminders';
import { addDays } from '../../../src/lib/shared/calendar-date';
import type { Database } from '../db/schema';
import { pathId } from '../gamification/input';
import { viewerOf, type AccessRule, type Api } from '../http/auth';
import type { Viewer } from '../http/app-env';
import { Refusal, notFound } from '../refusal';
import type { Services } from '../http/services';
import { findLinkedPatient, findPatient, PATIENT_NOT_FOUND_MESSAGE, type PatientRow } from '../patients/repo';
import type { PushSender } from '../reminders/push-sender';
import type { VapidKeys } from '../reminders/vapid';
import {
  adherenceOf,
  claimAdherenceReminder,
  lastAdherenceReminderAt,
  prescriptionCountryId,
  setAdherenceReminderChannel,
  type AdherenceScope,
} from './repo';
import { sendAdherenceReminder } from './remind';

/** The prescribing professionals and admins; anybody else's call is refused like the patient's other data. */
const ADHERENCE_ACCESS: AccessRule = { roles: ['doctor', 'health_professional', 'admin'], approved: true };
const DAY_MS = 86_400_000;

interface AdherenceOptions {
  vapid: VapidKeys;
  sender?: PushSender | undefined;
  clock?: (() => Date) | undefined;
}

/**
 * The patient a viewer may follow, and whose prescriptions count: a professional sees the patients of their register
 * (the same 404 as for everybody else's patients) and only what they prescribed; an admin sees every prescription.
 */
async function patientInScope(
  db: Kysely<Database>,
  viewer: Viewer,
  patientId: number,
): Promise<{ patient: PatientRow; scope: AdherenceScope }> {
  if (viewer.user.role === 'admin') {
    const patient = await findPatient(db, patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND_MESSAGE);
    return { patient, scope: 'all' };
  }
  return { patient: await findLinkedPatient(db, viewer.user.id, patientId), scope: { authorId: viewer.user.id } };
}

/** "martes 3 de diciembre" for a `YYYY-MM-DD` day, in the refusal. */
function spokenDate(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('es-CO', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).formatToParts(new Date(Date.UTC(year, month - 1, date, 12)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  // Without the comma Intl puts after the weekday, as the reminders word their days.
  return `${part('weekday')} ${part('day')} de ${part('month')}`;
}

/** Adherence for professionals (issue #19): the figures of one patient and the one-tap re-purchase reminder. */
export function registerAdherenceRoutes(api: Api, services: Services, options: AdherenceOptions): void {
  const { db } = services;
  const clock = options.clock ?? (() => new Date());

  const followedPatient = { access: ADHERENCE_ACCESS, ownership: 'prescribing professionals, admins' } as const;
  // A patient the viewer may follow, with their adherence figures as of now.
  const adherenceNow = async (viewer: Viewer, patientId: number) => {
    const { patient, scope } = await patientInScope(db, viewer, patientId);
    const now = clock();
    return { patient, now, products: (await adherenceOf(db, [patient.id], scope, now)).get(patient.id) ?? [] };
  };

  api.get('/patients/:id/adherence', followedPatient, async (c) => {
    const viewer = viewerOf(c);
    const { patient, now, products } = await adherenceNow(viewer, pathId(c, 'id', PATIENT_NOT_FOUND_MESSAGE));
    return c.json<PatientAdherenceDto>({
      patientId: patient.id,
      today: localDay(now, COUNTRIES[viewer.country].timeZone),
      products,
    });
  });

  api.post('/patients/:id/adherence/:productId/remind', followedPatient, async (c) => {
    const viewer = viewerOf(c);
    const id = pathId(c, 'id', PATIENT_NOT_FOUND_MESSAGE);
    const productId = pathId(c, 'productId', ADHERENCE_PRODUCT_NOT_FOUND_MESSAGE);
    const { patient, now, products } = await adherenceNow(viewer, id);
    const product = products.find((candidate) => candidate.productId === productId);
    if (!product) throw notFound(ADHERENCE_PRODUCT_NOT_FOUND_MESSAGE);
    const country = countryById(await prescriptionCountryId(db, product.prescriptionId));
    if (!country) throw notFound(ADHERENCE_PRODUCT_NOT_FOUND_MESSAGE);
    if (patient.user_id === null && !patient.email) throw new Refusal(409, ADHERENCE_NO_CONTACT_MESSAGE);

    const since = new Date(now.getTime() - ADHERENCE_REMINDER_INTERVAL_DAYS * DAY_MS);
    // The weekly limit: a second tap within the week (or at the same time) is refused.
    const claimed = await claimAdherenceReminder(db, {
      patientId: patient.id,
      productId,
      sentAt: now,
      sentBy: viewer.user.id,
      since,
    });
    if (!claimed) {
      const sentOn = localDay(await lastAdherenceReminderAt(db, patient.id, productId), country.timeZone);
      const againOn = addDays(sentOn, ADHERENCE_REMINDER_INTERVAL_DAYS);
      const message = `Ya le recordamos este producto al paciente el ${spokenDate(sentOn)}. Podrás recordárselo de nuevo a partir del ${spokenDate(againOn)}.`;
      throw new Refusal(409, message, [message], { body: { remindAgainOn: againOn } });
    }
    const channel = await sendAdherenceReminder(services, options, {
      patient,
      product,
      country,
      professionalName: viewer.user.display_name,
      now,
    });
    if (channel === 'email') {
      await setAdherenceReminderChannel(db, { patientId: patient.id, productId, channel });
    }
    return c.json<AdherenceReminderResultDto>({
      channel,
      sentAt: now.toISOString(),
      remindAgainOn: addDays(localDay(now, country.timeZone), ADHERENCE_REMINDER_INTERVAL_DAYS),
    });
  });
}
