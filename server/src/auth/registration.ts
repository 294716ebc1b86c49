import type { Kysely } from 'kysely';
import { COUNTRIES, countryById, type CountryCode } from '../../../src/lib/shared/countries';
import type { Database, RegistrationDetails, SessionRow, UserRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import type { FormRef } from '../forms/definitions';
import { DOCUMENT_TAKEN_MESSAGE, EMAIL_TAKEN_MESSAGE, INVITATION_INVALID_MESSAGE } from '../forms/definitions';
import type { CleanValues } from '../forms/engine';
import { Refusal } from '../refusal';
import { findUsableInvitation } from '../invitations/repo';
import { catchUpAccount } from '../patients/repo';
import { recordHealthConsent, type ConsentClient } from '../privacy/consent-repo';
import { openSessionIn } from '../sessions/repo';
import { displayNameOf, newUid } from '../users/repo';

interface Registration {
  form: FormRef;
  /** Values already validated by the form engine. */
  values: CleanValues;
  passwordHash: string;
  /** The country the new session is for (the request's). */
  country: CountryCode;
  /** Where the registration came from: kept with the consent record. */
  client: ConsentClient;
}

interface Registered {
  user: UserRow;
  token: string;
  session: SessionRow;
  country: CountryCode;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function detailsOf(values: CleanValues): string | null {
  const details: RegistrationDetails = {};
  if (typeof values.years_of_experience === 'number') details.years_of_experience = values.years_of_experience;
  const practice = text(values.practice_description);
  if (practice) details.practice_description = practice;
  const contactTime = text(values.preferred_contact_time);
  if (contactTime) details.preferred_contact_time = contactTime;
  const welcomeCall = text(values.welcome_call_at);
  if (welcomeCall) details.welcome_call_at = welcomeCall;
  return Object.keys(details).length > 0 ? JSON.stringify(details) : null;
}

function invitationRefused(): Refusal {
  return new Refusal(400, INVITATION_INVALID_MESSAGE, [INVITATION_INVALID_MESSAGE], {
    body: { fieldErrors: [{ field: 'invitation_token', message: INVITATION_INVALID_MESSAGE }] },
  });
}

/**
 * Creates the account and its first session in one transaction. A patient's invitation is claimed after the user is
 * inserted, with a conditional update: when it was used or expired meanwhile, the whole transaction rolls back and no
 * user is left behind.
 */
export async function registerUser(db: Kysely<Database>, registration: Registration): Promise<Registered> {
  const { form, values, passwordHash, country, client } = registration;
  const role = form.kind;
  if (role === 'login') throw new Error('El formulario de inicio de sesión no registra cuentas.');
  const isPatient = role === 'patient';
  const firstName = text(values.first_name) ?? '';
  const lastName = text(values.last_name) ?? '';
  try {
    return await db.transaction().execute(async (trx) => {
      const invitation = isPatient ? await findUsableInvitation(trx, values.invitation_token) : undefined;
      if (isPatient && !invitation) throw invitationRefused();
      const countryId = invitation?.invitation.country_id ?? COUNTRIES[country].countryId;
      const now = new Date();
      const user = await trx
        .insertInto('users')
        .values({
          uid: newUid(),
          email: String(values.email),
          password_hash: passwordHash,
          role,
          approval_status: isPatient ? 'approved' : 'pending',
          display_name: displayNameOf(firstName, lastName),
          first_name: firstName,
          last_name: lastName,
          birth_date: text(values.birth_date),
          gender: text(values.gender),
          document_type_id: values.document_type_id === undefined ? null : Number(values.document_type_id),
          document_number: text(values.document_number),
          phone_number: text(values.phone_number),
          country_code: text(values.country_code) ?? countryById(countryId)?.dialCode ?? null,
          specialty: isPatient ? null : text(values.specialty),
          professional_license_number: isPatient ? null : text(values.professional_license_number),
          purchase_level_id: isPatient ? null : 1,
          country_id: countryId,
          doctor_id: invitation?.professional.id ?? null,
          heard_from: isPatient ? null : text(values.heard_from),
          terms_accepted_at: now,
          registration_details: isPatient ? null : detailsOf(values),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (invitation) {
        const claimed = await trx
          .updateTable('invitations')
          .set({ used_at: now, used_by: user.id })
          .where('id', '=', invitation.invitation.id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) throw invitationRefused();
      }
      // The professional's register takes the account in now, in this transaction: the row the invitation was sent
      // from gets its account, an account invited outside the register gets a row, and what the form filled in
      // completes the record. Reads of the register no longer catch up themselves (issue #18).
      if (isPatient) await catchUpAccount(trx, user.id);
      // The form engine refused the registration without the box ticked: this is the express consent, recorded
      // against the text of the account's country in force now.
      const userCountry = countryById(countryId)?.subdomain ?? country;
      await recordHealthConsent(trx, { userId: user.id, country: userCountry, action: 'granted', client });
      const { token, session } = await openSessionIn(trx, user.id, COUNTRIES[country].countryId);
      return { user, token, session, country };
    });
  } catch (error) {
    // Two registrations racing for one e-mail or document: the database's unique index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw new Refusal(409, EMAIL_TAKEN_MESSAGE);
    if (isUniqueViolation(error, 'users_document_unique')) throw new Refusal(409, DOCUMENT_TAKEN_MESSAGE);
    throw error;
  }
}
