import type { Kysely } from 'kysely';
import type { AddressInputDto, BillFormDto, CheckoutCustomerDto } from '../../../src/lib/shared/orders';
import { deleteStoredAnswers } from '../db/idempotent-requests';
import type { Database, UserRow } from '../db/schema';
import { adoptInvitedAccounts, claimAcceptedInvitations } from '../patients/repo';
import { revokeUserSessions } from '../sessions/repo';
import type { UploadStorage } from '../uploads/storage';
import { PROFILE_PHOTO_PREFIX } from '../users/profile-routes';
import { recordHealthConsent, userCountry, type ConsentClient } from './consent-repo';

/** What replaces a deleted person's name wherever a kept record must still show something. */
const DELETED_FIRST_NAME = 'Cuenta';
const DELETED_LAST_NAME = 'eliminada';
const DELETED_DISPLAY_NAME = `${DELETED_FIRST_NAME} ${DELETED_LAST_NAME}`;

const ANONYMOUS_CUSTOMER: CheckoutCustomerDto = {
  firstName: DELETED_FIRST_NAME,
  secondName: '',
  firstLastName: DELETED_LAST_NAME,
  secondLastName: '',
  typeID: null,
  numberID: '',
  countryCode: '',
  phoneNumber: '',
  email: '',
};
const ANONYMOUS_ADDRESS: AddressInputDto = { address: '', residenceDetail: '', state: '', city: '', postalCode: '' };
const ANONYMOUS_BILL: BillFormDto = { typeContributor: '', typeID: '', numberID: '' };

interface DeletionOutcome {
  keptOrders: number;
  keptPrescriptions: number;
}

/**
 * Deletes the account's personal data at once, in one transaction, and anonymises what the law makes the store keep:
 * orders (tax law; paid ones keep the invoice's tax id), prescriptions and the hormone formulas dispensed with an
 * order (health law), the points ledger (append-only, tied to orders) and the consent records (proof). The user row
 * stays as an anonymous anchor for those records; its e-mail and password are gone, so no login can reach it.
 * A professional's patients keep their accounts and register rows; only the professional's links to them go.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  uploads: UploadStorage,
  user: UserRow,
  client: ConsentClient,
): Promise<DeletionOutcome> {
  const country = userCountry(user);
  const filesToRemove: { area: 'credentials' | 'profile'; name: string }[] = [];
  const outcome = await db.transaction().execute(async (trx) => {
    const now = new Date();
    // Registration links the account to its register row (and migration 0030 linked older ones); this catch-up is a
    // safeguard, so no row of this person escapes the anonymisation.
    await claimAcceptedInvitations(trx, { userId: user.id });
    const registerRows = await trx
      .selectFrom('patients')
      .select(['id', 'created_by', 'idempotency_key', 'email', 'document_number'])
      .where('user_id', '=', user.id)
      .execute();
    const registerIds = registerRows.map((row) => row.id);
    const kept = await trx
      .selectFrom('prescriptions')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where((eb) =>
        eb.or([
          eb('author_id', '=', user.id),
          ...(registerIds.length > 0 ? [eb('patient_id', 'in', registerIds)] : []),
        ]),
      )
      .executeTakeFirstOrThrow();
    const orders = await trx
      .updateTable('orders')
      .set({ customer: JSON.stringify(ANONYMOUS_CUSTOMER), address: JSON.stringify(ANONYMOUS_ADDRESS) })
      .where('user_id', '=', user.id)
      .returning('id')
      .execute();
    // An invoice was issued only for paid orders: those keep the tax id it carries; the others keep nothing.
    await trx
      .updateTable('orders')
      .set({ bill: JSON.stringify(ANONYMOUS_BILL) })
      .where('user_id', '=', user.id)
      .where('paid_at', 'is', null)
      .execute();

    // The invitations this person registered with no longer name them: the register links a row to the account an
    // invitation names (`claimAcceptedInvitations`: registration, migration 0030, the safeguards), which would tie the
    // anonymous row to the deleted account again and take its consent as confirmed. `used_at` stays: an invitation is
    // used once.
    await trx.updateTable('invitations').set({ used_by: null }).where('used_by', '=', user.id).execute();

    // The patient register rows about this person: prescriptions stay attached to an anonymous row.
    for (const id of registerIds) {
      await trx
        .updateTable('patients')
        .set({
          user_id: null,
          first_name: 'Paciente',
          last_name: DELETED_LAST_NAME,
          email: `paciente-${id}@eliminado.invalid`,
          birth_date: null,
          gender: null,
          document_type_id: null,
          document_number: null,
          country_code: null,
          phone_number: null,
          search_text: `paciente ${DELETED_LAST_NAME}`,
          consent_status: 'revoked',
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    }

    // The professional's stored answer to creating the row repeats the person's name and e-mail: it goes too (a
    // replay of that creation is answered from the anonymous row).
    for (const row of registerRows) {
      if (row.idempotency_key === null || row.created_by === null) continue;
      await deleteStoredAnswers(trx, row.created_by, row.idempotency_key);
    }

    // A professional's patients stay with their own accounts and records: only this professional's links go.
    await trx.deleteFrom('patient_links').where('professional_id', '=', user.id).execute();
    await trx.updateTable('users').set({ doctor_id: null }).where('doctor_id', '=', user.id).execute();
    await trx
      .updateTable('invitations')
      .set({ expires_at: now })
      .where('professional_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();

    // Professional documents go; a hormone formula an order was dispensed against is a health record and stays.
    const credentials = await trx
      .selectFrom('credentials as c')
      .innerJoin('credential_files as f', 'f.credential_id', 'c.id')
      .select(['c.id', 'f.stored_name'])
      .where('c.user_id', '=', user.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('orders as o').select('o.id').whereRef('o.prescription_document_id', '=', 'c.id'))),
      )
      .execute();
    for (const row of credentials) filesToRemove.push({ area: 'credentials', name: row.stored_name });
    const credentialIds = [...new Set(credentials.map((row) => row.id))];
    if (credentialIds.length > 0) await trx.deleteFrom('credentials').where('id', 'in', credentialIds).execute();
    if (user.profile_image_url?.startsWith(PROFILE_PHOTO_PREFIX)) {
      filesToRemove.push({ area: 'profile', name: user.profile_image_url.slice(PROFILE_PHOTO_PREFIX.length) });
    }

    await trx.deleteFrom('addresses').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('favorites').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('reminder_schedules').where('user_id', '=', user.id).execute();
    // Stored answers of retried writes may repeat personal data; e-mails sent to the person too.
    await deleteStoredAnswers(trx, user.id);
    await trx.deleteFrom('outbox_emails').where('to_address', '=', user.email).execute();
    await trx.deleteFrom('medical_requests').where('email', '=', user.email).execute();
    await revokeUserSessions(trx, user.id);

    // The end of the processing is recorded like any revocation, as proof it stopped.
    await recordHealthConsent(trx, { userId: user.id, country, action: 'revoked', client });
    await trx
      .updateTable('users')
      .set({
        email: `cuenta-${user.uid}@eliminada.invalid`,
        password_hash: null,
        display_name: DELETED_DISPLAY_NAME,
        first_name: DELETED_FIRST_NAME,
        last_name: DELETED_LAST_NAME,
        birth_date: null,
        gender: null,
        document_type_id: null,
        document_number: null,
        phone_number: null,
        country_code: null,
        specialty: null,
        professional_license_number: null,
        profile_image_url: null,
        // Else the professional's register would take the account in again as an invited one (a new row).
        doctor_id: null,
        approval_reason: null,
        heard_from: null,
        registration_details: null,
        deleted_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    // The e-mail and document the register rows gave up may be what kept an account invited outside the register out
    // of it (this account is deleted by now, so it is not taken in again).
    await adoptInvitedAccounts(trx, {
      emails: registerRows.map((row) => row.email),
      documents: registerRows.flatMap((row) => (row.document_number === null ? [] : [row.document_number])),
    });
    const keptPrescriptions = Number(kept.count);
    await trx
      .insertInto('account_deletions')
      .values({
        user_id: user.id,
        role: user.role,
        country_id: user.country_id,
        kept_orders: orders.length,
        kept_prescriptions: keptPrescriptions,
      })
      .execute();
    return { keptOrders: orders.length, keptPrescriptions };
  });
  // Files go after the commit: a rolled-back deletion must still find them.
  for (const file of filesToRemove) await uploads.delete(file.area, file.name);
  return outcome;
}
