import type { ProductAdherenceDto } from '../../../src/lib/shared/adherence';
import type { CountryInfo } from '../../../src/lib/shared/countries';
import { repurchaseUrl, type PushLanguage, type ReminderPushPayload } from '../../../src/lib/shared/reminders';
import type { Services } from '../http/services';
import type { PatientRow } from '../patients/repo';
import { webPushSender, type PushSender } from '../reminders/push-sender';
import { REMINDER_PUSH_TTL_S } from '../reminders/scheduler';
import type { VapidKeys } from '../reminders/vapid';

const NAME_MAX_LENGTH = 60;

interface AdherenceReminder {
  patient: PatientRow;
  product: ProductAdherenceDto;
  country: CountryInfo;
  professionalName: string;
  now: Date;
}

function shortName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length <= NAME_MAX_LENGTH ? trimmed : `${trimmed.slice(0, NAME_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * The professional's reminder as the service worker shows re-purchase reminders, in the device's language: its tap
 * opens the bag with the prescription's products. The product's name goes only to the patient's own devices, never
 * to a log.
 */
function adherencePayload(reminder: AdherenceReminder, language: PushLanguage): ReminderPushPayload {
  const { country, product } = reminder;
  const professionalName = shortName(reminder.professionalName);
  const productName = shortName(product.name);
  return {
    kind: 'repurchase-reminder',
    reminderId: product.prescriptionId,
    country: country.subdomain,
    prescriptionId: product.prescriptionId,
    ...(language === 'en'
      ? {
          title: 'Your professional reminds you about your treatment',
          body: `${professionalName} reminds you to restock ${productName}. Tap to order it again: we'll have it ready in your bag.`,
        }
      : {
          title: 'Tu profesional te recuerda tu tratamiento',
          body: `${professionalName} te recuerda reponer ${productName}. Toca para pedirlo de nuevo: lo dejamos listo en tu bolsa.`,
        }),
    url: repurchaseUrl(country.subdomain, product.prescriptionId),
    tag: `recompra-${country.subdomain}-${product.prescriptionId}`,
  };
}

/**
 * Sends the reminder now: to the patient's devices subscribed in the prescription's country, through the push sender
 * the scheduled reminders use; by e-mail (the mail outbox) when the patient has no device or none accepted it.
 * Answers the channel that carried it.
 */
export async function sendAdherenceReminder(
  services: Services,
  options: { vapid: VapidKeys; sender?: PushSender | undefined },
  reminder: AdherenceReminder,
): Promise<'push' | 'email'> {
  const { db, mailer } = services;
  const { patient, country } = reminder;
  const devices =
    patient.user_id === null
      ? []
      : await db
          .selectFrom('push_subscriptions')
          .select(['id', 'endpoint', 'p256dh', 'auth', 'language'])
          .where('user_id', '=', patient.user_id)
          .where('country_id', '=', country.countryId)
          .execute();
  if (devices.length > 0) {
    const vapid = await options.vapid.details();
    const sender = options.sender ?? webPushSender;
    const results = await Promise.all(
      devices.map(async (device) => {
        try {
          return await sender(
            device,
            {
              // Each device reads it in the language its interface shows.
              payload: JSON.stringify(adherencePayload(reminder, device.language)),
              ttlS: REMINDER_PUSH_TTL_S,
              urgency: 'normal',
              topic: `recompra-${reminder.product.prescriptionId}`,
            },
            vapid,
          );
        } catch (error) {
          return { kind: 'rejected' as const, error: String(error) };
        }
      }),
    );
    const gone = devices.filter((_, index) => results[index]?.kind === 'gone').map((device) => device.id);
    // The browser unsubscribed or the subscription expired: it will never accept a message again.
    if (gone.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', gone).execute();
    if (results.some((result) => result.kind === 'delivered')) return 'push';
  }
  const link = new URL(repurchaseUrl(country.subdomain, reminder.product.prescriptionId), services.publicUrl);
  await mailer.enqueue(db, {
    to: patient.email,
    subject: 'Tu profesional te recuerda tu tratamiento',
    text: [
      `Hola, ${patient.first_name}:`,
      '',
      `${reminder.professionalName} te recuerda reponer ${reminder.product.name}, que forma parte de tu tratamiento.`,
      '',
      `Puedes pedirlo de nuevo aquí (lo dejamos listo en tu bolsa): ${link.toString()}`,
      '',
      'Si ya lo compraste, no tienes que hacer nada.',
    ].join('\n'),
  });
  mailer.flush();
  return 'email';
}
