import type { Updateable } from 'kysely';
import sharp from 'sharp';
import { DOCUMENT_TYPES, GENDERS, PROFILE_PHOTO_MAX_BYTES, type ProfileDto } from '../../../src/lib/shared/accounts';
import { passwordProblem } from '../../../src/lib/shared/passwords';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { UsersTable } from '../db/schema';
import { EMAIL_TAKEN_MESSAGE, MIN_BIRTH_DATE, NAME_MAX_LENGTH } from '../forms/definitions';
import { isCalendarDate } from '../forms/engine';
import { pathParam, viewerOf, type Api } from '../http/auth';
import { FieldProblems, multipartValues, readJsonObject, readMultipart, REQUIRED_FIELD_MESSAGE } from '../http/body';
import { HttpError } from '../http/errors';
import type { Services } from '../http/services';
import { COMPLETED_FROM_ACCOUNT, completeFromAccounts } from '../patients/repo';
import { revokeUserSessions } from '../sessions/repo';
import { contentDisposition, detectFileType, randomStoredName, STORED_NAME_PATTERN } from '../uploads/files';
import { displayNameOf, emailTaken, findUserById, isUniqueViolation, normalizeEmail, toProfileDto } from './repo';

export const PROFILE_PHOTO_PREFIX = '/api/media/profile/';
const PHOTO_TOO_LARGE_MESSAGE = 'La imagen supera el tamaño máximo de 5 MB.';
const PHOTO_TYPE_MESSAGE = 'Tipo de imagen no permitido. Sube una imagen JPG, PNG o WEBP.';
const PHOTO_UNREADABLE_MESSAGE = 'No se pudo leer la imagen. Sube otra imagen JPG, PNG o WEBP.';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'La contraseña actual no es correcta.';
const IMAGE_NOT_FOUND_MESSAGE = 'Imagen no encontrada.';
const PHOTO_SIZE = 256;
/** Decoding bombs: no legitimate profile photo has more than 40 megapixels. */
const PHOTO_MAX_PIXELS = 40_000_000;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const PROFILE_LABELS: Record<string, string> = {
  first_name: 'Nombres',
  last_name: 'Apellidos',
  birth_date: 'Fecha de nacimiento',
  gender: 'Género',
  phone_number: 'Número de celular',
  country_code: 'Indicativo del país',
  specialty: 'Especialidad',
  professional_license_number: 'Número de tarjeta profesional',
  document_type_id: 'Tipo de documento',
  currentPassword: 'Contraseña actual',
  email: 'Correo electrónico',
  newPassword: 'Nueva contraseña',
  file: 'Foto',
};

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The fields of PATCH /auth/profile that were sent, validated; unknown keys (id, role, email...) are ignored. */
function profileUpdates(body: Record<string, unknown>, countryId: number): Updateable<UsersTable> {
  const problems = new FieldProblems(PROFILE_LABELS);
  const updates: Updateable<UsersTable> = {};
  const has = (key: string) => Object.hasOwn(body, key);
  for (const key of ['first_name', 'last_name'] as const) {
    if (!has(key)) continue;
    const value = problems.text(body, key, { required: true, maxLength: NAME_MAX_LENGTH });
    if (value !== undefined) updates[key] = value;
  }
  if (has('birth_date')) {
    const value = problems.text(body, 'birth_date', { maxLength: 10 });
    const today = new Date().toISOString().slice(0, 10);
    if (isBlank(body.birth_date)) updates.birth_date = null;
    else if (value !== undefined && (!isCalendarDate(value) || value < MIN_BIRTH_DATE || value > today)) {
      problems.add('birth_date', 'Escribe una fecha de nacimiento válida (AAAA-MM-DD) que no sea futura.');
    } else if (value !== undefined) updates.birth_date = value;
  }
  if (has('gender')) {
    const value = problems.text(body, 'gender', { maxLength: 40 });
    if (isBlank(body.gender)) updates.gender = null;
    else if (value !== undefined && !(GENDERS as readonly string[]).includes(value)) {
      problems.add('gender', 'Selecciona una opción válida.');
    } else if (value !== undefined) updates.gender = value;
  }
  if (has('phone_number')) {
    const value = problems.text(body, 'phone_number', { maxLength: 30 })?.replace(/[\s\-().]/g, '');
    if (isBlank(body.phone_number)) updates.phone_number = null;
    else if (value !== undefined && !/^[0-9]{7,15}$/.test(value)) {
      problems.add('phone_number', 'El número debe tener entre 7 y 15 dígitos.');
    } else if (value !== undefined) updates.phone_number = value;
  }
  if (has('country_code')) {
    const value = problems.text(body, 'country_code', { maxLength: 5 });
    if (isBlank(body.country_code)) updates.country_code = null;
    else if (value !== undefined && !/^\+[0-9]{1,4}$/.test(value)) {
      problems.add('country_code', 'El indicativo del país no es válido.');
    } else if (value !== undefined) updates.country_code = value;
  }
  if (has('specialty')) {
    const value = problems.text(body, 'specialty', { maxLength: 120 });
    if (isBlank(body.specialty)) updates.specialty = null;
    else if (value !== undefined) updates.specialty = value;
  }
  if (has('professional_license_number')) {
    const value = problems.text(body, 'professional_license_number', { maxLength: 40 });
    if (isBlank(body.professional_license_number)) updates.professional_license_number = null;
    else if (value !== undefined) updates.professional_license_number = value;
  }
  if (has('document_type_id')) {
    const raw = body.document_type_id;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
    const valid = DOCUMENT_TYPES.some(
      (type) => type.id === id && (type.countryId === null || type.countryId === countryId),
    );
    if (isBlank(raw)) updates.document_type_id = null;
    else if (!valid) problems.add('document_type_id', 'El tipo de documento no es válido para tu país.');
    else updates.document_type_id = id;
  }
  problems.assertNone();
  return updates;
}

export function registerProfileRoutes(api: Api, services: Services): void {
  const { db, uploads, mailer } = services;

  for (const path of ['/auth/profile', '/auth/profile/']) {
    api.get(path, { access: 'authenticated' }, (c) => c.json<ProfileDto>(toProfileDto(viewerOf(c).user)));
  }

  api.patch('/auth/profile', { access: 'authenticated', ownership: 'own profile only' }, async (c) => {
    const { user } = viewerOf(c);
    const updates = profileUpdates(await readJsonObject(c), user.country_id);
    if (updates.first_name !== undefined || updates.last_name !== undefined) {
      updates.display_name = displayNameOf(
        String(updates.first_name ?? user.first_name),
        String(updates.last_name ?? user.last_name),
      );
    }
    const updated =
      Object.keys(updates).length === 0
        ? user
        : await db.transaction().execute(async (trx) => {
            const row = await trx
              .updateTable('users')
              .set(updates)
              .where('id', '=', user.id)
              .returningAll()
              .executeTakeFirstOrThrow();
            // What the patient fills in completes the empty fields of their record in the register, now rather than
            // at the professional's next read (issue #18).
            if (COMPLETED_FROM_ACCOUNT.some((field) => updates[field] !== undefined && updates[field] !== null)) {
              await completeFromAccounts(trx, { userId: user.id });
            }
            return row;
          });
    return c.json<ProfileDto>(toProfileDto(updated));
  });

  api.post(
    '/auth/profile/photo',
    {
      access: 'authenticated',
      ownership: 'own profile only',
      maxBodyBytes: PROFILE_PHOTO_MAX_BYTES + 64 * 1024,
      tooLargeMessage: PHOTO_TOO_LARGE_MESSAGE,
    },
    async (c) => {
      const { user } = viewerOf(c);
      const file = multipartValues(await readMultipart(c), 'file').find((value) => value instanceof File);
      if (!(file instanceof File)) {
        throw new HttpError(400, REQUIRED_FIELD_MESSAGE, [`${PROFILE_LABELS.file}: ${REQUIRED_FIELD_MESSAGE}`], {
          body: { fieldErrors: [{ field: 'file', message: REQUIRED_FIELD_MESSAGE }] },
        });
      }
      if (file.size > PROFILE_PHOTO_MAX_BYTES) throw new HttpError(413, PHOTO_TOO_LARGE_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = detectFileType(bytes);
      if (!type || type.mime === 'application/pdf') throw new HttpError(415, PHOTO_TYPE_MESSAGE);
      let webp: Buffer;
      try {
        webp = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new HttpError(400, PHOTO_UNREADABLE_MESSAGE);
      }
      const name = randomStoredName('webp');
      await uploads.put('profile', name, webp);
      const url = `${PROFILE_PHOTO_PREFIX}${name}`;
      try {
        await db.updateTable('users').set({ profile_image_url: url }).where('id', '=', user.id).execute();
      } catch (error) {
        await uploads.delete('profile', name);
        throw error;
      }
      const previous = user.profile_image_url?.startsWith(PROFILE_PHOTO_PREFIX)
        ? user.profile_image_url.slice(PROFILE_PHOTO_PREFIX.length)
        : undefined;
      if (previous) await uploads.delete('profile', previous);
      return c.json<{ profile_image_url: string }>({ profile_image_url: url });
    },
  );

  api.get(
    '/media/profile/:name',
    { access: 'authenticated', ownership: 'owner, admin, the patient’s doctor' },
    async (c) => {
      const viewer = viewerOf(c).user;
      const name = pathParam(c, 'name');
      if (!STORED_NAME_PATTERN.test(name)) throw new HttpError(404, IMAGE_NOT_FOUND_MESSAGE);
      const owner = await db
        .selectFrom('users')
        .select(['id', 'doctor_id'])
        .where('profile_image_url', '=', `${PROFILE_PHOTO_PREFIX}${name}`)
        .executeTakeFirst();
      const allowed = owner && (owner.id === viewer.id || viewer.role === 'admin' || owner.doctor_id === viewer.id);
      const content = allowed ? await uploads.get('profile', name) : undefined;
      // Someone else's photo answers exactly like a missing one.
      if (!content) throw new HttpError(404, IMAGE_NOT_FOUND_MESSAGE);
      return c.body(content.stream, 200, {
        'content-type': 'image/webp',
        'content-length': String(content.size),
        'content-disposition': contentDisposition('inline', name),
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  );

  api.post('/auth/access', { access: 'authenticated', ownership: 'own account only' }, async (c) => {
    const { user, session } = viewerOf(c);
    const body = await readJsonObject(c);
    const problems = new FieldProblems(PROFILE_LABELS);
    const currentPassword = problems.text(body, 'currentPassword', { required: true, maxLength: 1024, trim: false });
    const rawEmail = problems.text(body, 'email', { maxLength: 254 });
    const newPassword = problems.text(body, 'newPassword', { maxLength: 1024, trim: false });
    const email = rawEmail === undefined ? undefined : normalizeEmail(rawEmail);
    if (email !== undefined && !EMAIL_SHAPE.test(email)) problems.add('email', 'Escribe un correo electrónico válido.');
    const weak = newPassword === undefined ? undefined : passwordProblem(newPassword);
    if (weak) problems.add('newPassword', weak);
    problems.assertNone();
    const changesEmail = email !== undefined && email !== user.email;
    if (!changesEmail && newPassword === undefined) {
      throw new HttpError(400, 'Indica el nuevo correo o la nueva contraseña.');
    }
    // The current password is what stands between a stolen session and the account: limited like a login.
    const accountKey = `access:${user.id}`;
    await services.limits.assertAttemptAllowed(accountKey);
    if (!(await verifyPassword(user.password_hash, currentPassword ?? ''))) {
      await services.limits.attemptFailed(accountKey);
      throw new HttpError(401, WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    await services.limits.attemptSucceeded(accountKey);
    if (changesEmail && (await emailTaken(db, email, user.id))) throw new HttpError(409, EMAIL_TAKEN_MESSAGE);
    const updates: Updateable<UsersTable> = {};
    if (changesEmail) updates.email = email;
    if (newPassword !== undefined) {
      updates.password_hash = await hashPassword(newPassword);
      updates.required_change_password = false;
    }
    try {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set(updates).where('id', '=', user.id).execute();
        if (newPassword !== undefined) await revokeUserSessions(trx, user.id, session.id);
        const what = [changesEmail ? 'tu correo electrónico' : '', newPassword ? 'tu contraseña' : '']
          .filter(Boolean)
          .join(' y ');
        // The previous address hears about the change: if it was not the owner, they can react.
        await mailer.enqueue(trx, {
          to: user.email,
          subject: 'Cambios en tu cuenta del Dispensario Funcional',
          text: [
            `Hola, ${user.display_name}:`,
            '',
            `Se actualizó ${what} en tu cuenta del Dispensario Funcional.`,
            'Si no fuiste tú, responde a este correo o comunícate con nuestro equipo de inmediato.',
          ].join('\n'),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new HttpError(409, EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    mailer.flush();
    const updated = await findUserById(db, user.id);
    if (!updated) throw new HttpError(404, 'Usuario no encontrado.');
    return c.json<ProfileDto>(toProfileDto(updated));
  });
}
