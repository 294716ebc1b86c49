import { sql, type Kysely } from 'kysely';
import { normalizeSearchText } from '../../../../src/lib/shared/text';

/**
 * Issue #18: the patient register stopped catching up on every read (three writes per request of a professional's
 * list). Registration, a profile's change, a record's edit and an account's deletion now bring the register up to
 * date as they happen; this brings it up to date once for what earlier servers left for their next read:
 * invitations accepted but not yet recorded on their row, patient accounts invited outside the register not yet in
 * it or not linked to their professional, and records whose empty fields the patient's account can fill.
 *
 * Self-contained SQL (only the shared search normalisation), so later changes of the repository's code do not change
 * what this migration did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Registration claims an invitation by `used_by`: by an index rather than a read of every invitation.
  await db.schema.createIndex('invitations_used_by_idx').ifNotExists().on('invitations').column('used_by').execute();

  // Accepted invitations: the row the invitation was sent from gets the account, and the patient's own consent.
  await sql`update patients p set user_id = i.used_by, consent_status = 'confirmed', updated_at = now()
    from invitations i
    where i.id = p.invitation_id and p.user_id is null and i.used_by is not null
      and not exists (select 1 from patients o where o.user_id = i.used_by)`.execute(db);

  // Accounts invited outside the register (a professional's `POST /invitations`): a row of their own, unless their
  // e-mail or document is already another row's (nobody confirmed they are the same person).
  const { rows: accounts } = await sql<{
    id: number;
    first_name: string;
    last_name: string;
    birth_date: string | null;
    gender: string | null;
    email: string;
    country_id: number;
    document_type_id: number | null;
    document_number: string | null;
    country_code: string | null;
    phone_number: string | null;
    doctor_id: number;
  }>`select u.id, u.first_name, u.last_name, u.birth_date::text as birth_date, u.gender, u.email, u.country_id,
      u.document_type_id, u.document_number, u.country_code, u.phone_number, u.doctor_id
    from users u
    where u.role = 'patient' and u.doctor_id is not null and u.deleted_at is null
      and not exists (select 1 from patients p where p.user_id = u.id)
    order by u.id`.execute(db);
  for (const user of accounts) {
    const searchText = normalizeSearchText(`${user.first_name} ${user.last_name} ${user.email}`);
    await sql`insert into patients (user_id, first_name, last_name, birth_date, gender, email, country_id,
        document_type_id, document_number, country_code, phone_number, search_text, created_by, consent_status)
      values (${user.id}, ${user.first_name}, ${user.last_name}, ${user.birth_date}::date, ${user.gender},
        ${user.email}, ${user.country_id}, ${user.document_type_id}, ${user.document_number}, ${user.country_code},
        ${user.phone_number}, ${searchText}, ${user.doctor_id}, 'confirmed')
      on conflict do nothing`.execute(db);
  }
  await sql`insert into patient_links (professional_id, patient_id)
    select u.doctor_id, p.id from patients p join users u on u.id = p.user_id where u.doctor_id is not null
    on conflict do nothing`.execute(db);

  // Empty fields of records with an account, filled from it; what the professional wrote stays.
  await sql`update patients p set
      birth_date = coalesce(p.birth_date, u.birth_date),
      gender = coalesce(p.gender, u.gender),
      document_type_id = coalesce(p.document_type_id, u.document_type_id),
      country_code = coalesce(p.country_code, u.country_code),
      phone_number = coalesce(p.phone_number, u.phone_number),
      updated_at = now()
    from users u
    where u.id = p.user_id and (
      (p.birth_date is null and u.birth_date is not null) or
      (p.gender is null and u.gender is not null) or
      (p.document_type_id is null and u.document_type_id is not null) or
      (p.country_code is null and u.country_code is not null) or
      (p.phone_number is null and u.phone_number is not null))`.execute(db);
}

/** The rows caught up are what reads would have made of them: only the index goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invitations_used_by_idx').execute();
}
