import type { Kysely, Transaction } from 'kysely';
import {
  INVITATION_LIFETIME_DAYS,
  type InvitationDto,
  type InvitationPreviewDto,
  type Role,
} from '../../../src/lib/shared/accounts';
import { COUNTRIES, countryCodeById, type CountryCode } from '../../../src/lib/shared/countries';
import { formatStoreDate } from '../../../src/lib/shared/formats';
import type { Database, InvitationRow } from '../db/schema';
import { personalEmail, type Mailer } from '../mail/mailer';
import { hashToken, looksLikeToken, newToken } from '../sessions/repo';

const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

export interface UsableInvitation {
  invitation: InvitationRow;
  professional: { id: number; display_name: string; role: Role };
}

/**
 * The invitation of a token when it can still be used: not used, not expired, and its professional still approved
 * (a professional whose approval was withdrawn cannot bring patients in).
 */
export async function findUsableInvitation(
  db: Kysely<Database> | Transaction<Database>,
  token: unknown,
): Promise<UsableInvitation | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('users as u', 'u.id', 'i.professional_id')
    .selectAll('i')
    .select(['u.display_name as professional_name', 'u.role as professional_role'])
    .where('i.token_hash', '=', hashToken(token))
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', new Date())
    .where('u.approval_status', '=', 'approved')
    .where('u.role', 'in', ['doctor', 'health_professional'])
    .executeTakeFirst();
  if (!row) return undefined;
  const { professional_name, professional_role, ...invitation } = row;
  return {
    invitation,
    professional: { id: invitation.professional_id, display_name: professional_name, role: professional_role },
  };
}

export function toInvitationDto(row: InvitationRow, link?: string): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    documentNumber: row.document_number,
    firstName: row.first_name,
    lastName: row.last_name,
    country: countryCodeById(row.country_id),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    usedAt: row.used_at?.toISOString() ?? null,
    ...(link === undefined ? {} : { link }),
  };
}

/** The register row an invitation was sent for, as the registration form's starting values. */
export async function invitedRecord(
  db: Kysely<Database>,
  invitationId: number,
): Promise<InvitationPreviewDto['record']> {
  const row = await db
    .selectFrom('patients')
    .select(['birth_date', 'gender', 'document_type_id', 'country_code', 'phone_number'])
    .where('invitation_id', '=', invitationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    birthDate: row.birth_date,
    gender: row.gender,
    documentTypeId: row.document_type_id,
    countryCode: row.country_code,
    phoneNumber: row.phone_number,
  };
}

export function toPreviewDto(
  { invitation, professional }: UsableInvitation,
  record: InvitationPreviewDto['record'],
): InvitationPreviewDto {
  return {
    email: invitation.email,
    documentNumber: invitation.document_number,
    firstName: invitation.first_name,
    lastName: invitation.last_name,
    country: countryCodeById(invitation.country_id),
    expiresAt: invitation.expires_at.toISOString(),
    professional: { display_name: professional.display_name, role: professional.role },
    record,
  };
}

/** The link's expiry as the invited patient reads it: in their country's calendar. */
function expiryDate(date: Date, country: CountryCode): string {
  return formatStoreDate(date, country) ?? date.toISOString();
}

interface InvitationRequest {
  professional: { id: number; display_name: string };
  /** The country the patient's account will belong to; the link opens that country's registration. */
  country: CountryCode;
  /** Origin of the link (PUBLIC_URL or the request's). */
  baseUrl: string;
  email: string | null;
  documentNumber: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * Creates a single-use invitation inside the caller's transaction and queues its e-mail there (when it names an
 * e-mail), so a rolled-back change never sends one. The caller flushes the mailer after the commit.
 */
export async function issueInvitation(
  trx: Transaction<Database>,
  mailer: Mailer,
  request: InvitationRequest,
): Promise<{ row: InvitationRow; link: string }> {
  const { professional, email, firstName } = request;
  const token = newToken();
  const link = `${request.baseUrl}/${request.country}/registro?invitacion=${token}`;
  const row = await trx
    .insertInto('invitations')
    .values({
      token_hash: hashToken(token),
      professional_id: professional.id,
      country_id: COUNTRIES[request.country].countryId,
      email,
      document_number: request.documentNumber,
      first_name: firstName,
      last_name: request.lastName,
      expires_at: new Date(Date.now() + INVITATION_LIFETIME_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (email !== null) {
    await mailer.enqueue(
      trx,
      personalEmail(email, `${professional.display_name} te invita al Dispensario Funcional`, firstName, [
        `${professional.display_name} te invitó a crear tu cuenta de paciente en el Dispensario Funcional, donde`,
        'podrás ver tus prescripciones y recomendaciones y comprar los productos indicados.',
        '',
        `Crea tu cuenta con este enlace (es personal y de un solo uso):`,
        link,
        '',
        `El enlace vence el ${expiryDate(row.expires_at, request.country)}.`,
        'Si no esperabas esta invitación, puedes ignorar este correo.',
      ]),
    );
  }
  return { row, link };
}

/** An invitation of its own (no other write with it): created and its e-mail queued in one transaction. */
export function issueStandaloneInvitation(db: Kysely<Database>, mailer: Mailer, request: InvitationRequest) {
  return db.transaction().execute((trx) => issueInvitation(trx, mailer, request));
}

/** A professional's latest invitations (at most 500), newest first. */
export function invitationsOf(db: Kysely<Database>, professionalId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('professional_id', '=', professionalId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
}
