import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { ROLE_IDS, type ProfileDto, type RoleDto } from '../../../src/lib/shared/accounts';
import { normalizeDocument, normalizeEmail } from '../../../src/lib/shared/identifiers';
import type { Database, UserRow } from '../db/schema';

export const ECOSYSTEMS = ['dispensario'];

// Shared with the request schemas (the patient form's); the server's callers keep importing them from here.
export { normalizeDocument, normalizeEmail };

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function newUid(): string {
  return randomUUID().replaceAll('-', '');
}

export function displayNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

export function roleDto(user: Pick<UserRow, 'role'>): RoleDto {
  return { id: ROLE_IDS[user.role], name: user.role };
}

export function isProfessional(user: Pick<UserRow, 'role'>): boolean {
  return user.role === 'doctor' || user.role === 'health_professional';
}

/** Approved professionals and admins see the professional catalogue and may look patients up. */
export function isApprovedProfessionalOrAdmin(user: Pick<UserRow, 'role' | 'approval_status'>): boolean {
  return user.role === 'admin' || (isProfessional(user) && user.approval_status === 'approved');
}

export function toProfileDto(user: UserRow): ProfileDto {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    display_name: user.display_name,
    first_name: user.first_name,
    last_name: user.last_name,
    birth_date: user.birth_date,
    gender: user.gender,
    document_type_id: user.document_type_id,
    document_number: user.document_number,
    phone_number: user.phone_number,
    specialty: user.specialty,
    country_code: user.country_code,
    professional_license_number: user.professional_license_number,
    purchase_level_id: user.purchase_level_id,
    country_id: user.country_id,
    doctor_id: user.doctor_id,
    role_id: ROLE_IDS[user.role],
    role: roleDto(user),
    required_change_password: user.required_change_password,
    profile_image_url: user.profile_image_url,
    approval_status: user.approval_status,
    ecosystems: ECOSYSTEMS,
  };
}

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The few fields another user may see of an account, with its doctor to tell who may see it. */
export function findUserCardByUid(db: Kysely<Database>, uid: string) {
  return db
    .selectFrom('users')
    .select(['id', 'uid', 'display_name', 'role', 'doctor_id'])
    .where('uid', '=', uid)
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserByDocument(db: Kysely<Database>, document: string): Promise<UserRow | undefined> {
  const normalized = normalizeDocument(document);
  if (normalized === '') return Promise.resolve(undefined);
  return db.selectFrom('users').selectAll().where('document_number', '=', normalized).executeTakeFirst();
}

/** Users whose document has the same digits (product §5: documents are compared digits only). */
export function findUsersByDocumentDigits(db: Kysely<Database>, digits: string, limit = 20) {
  return db
    .selectFrom('users')
    .select(['id', 'uid'])
    .where(sql<string>`regexp_replace(coalesce(document_number, ''), '[^0-9]', '', 'g')`, '=', digits)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function emailTaken(db: Kysely<Database>, email: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email', '=', normalizeEmail(email));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function documentTaken(db: Kysely<Database>, document: string): Promise<boolean> {
  return (await findUserByDocument(db, document)) !== undefined;
}
