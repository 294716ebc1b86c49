import type { Updateable } from 'kysely';
import sharp from 'sharp';
import { PROFILE_PHOTO_MAX_BYTES, type ProfileDto } from '../../../src/lib/shared/accounts';
import {
  accessChangeSchema,
  DOCUMENT_TYPE_COUNTRY_MESSAGE,
  documentTypeFits,
  NOTHING_TO_CHANGE_MESSAGE,
  profileUpdateSchema,
  type ProfileUpdate,
} from '../../../src/lib/shared/account-schemas';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { UsersTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { EMAIL_TAKEN_MESSAGE } from '../forms/definitions';
import { pathParam, viewerOf, type Api } from '../http/auth';
import { REQUIRED_FIELD_MESSAGE } from '../../../src/lib/shared/field-schemas';
import { multipartValues, readMultipart } from '../http/body';
import { Refusal } from '../refusal';
import { refusedFields } from '../http/validated';
import type { Services } from '../http/services';
import { NOT_YOU_LINE, personalEmail } from '../mail/mailer';
import { contentDisposition, detectFileType, randomStoredName, STORED_NAME_PATTERN } from '../uploads/files';
import { changeAccess, findProfilePhotoOwner, setProfilePhoto, updateProfile } from './profile-repo';
import { displayNameOf, emailTaken, findUserById, toProfileDto } from './repo';

export const PROFILE_PHOTO_PREFIX = '/api/media/profile/';
const PHOTO_TOO_LARGE_MESSAGE = 'La imagen supera el tamaño máximo de 5 MB.';
const PHOTO_TYPE_MESSAGE = 'Tipo de imagen no permitido. Sube una imagen JPG, PNG o WEBP.';
const PHOTO_UNREADABLE_MESSAGE = 'No se pudo leer la imagen. Sube otra imagen JPG, PNG o WEBP.';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'La contraseña actual no es correcta.';
const IMAGE_NOT_FOUND_MESSAGE = 'Imagen no encontrada.';
const PHOTO_SIZE = 256;
/** Decoding bombs: no legitimate profile photo has more than 40 megapixels. */
const PHOTO_MAX_PIXELS = 40_000_000;

/** The columns a validated profile change sets; its document type must be one of the user's country. */
function profileUpdates(update: ProfileUpdate, countryId: number): Updateable<UsersTable> {
  const typeId = update.document_type_id;
  if (typeof typeId === 'number' && !documentTypeFits(typeId, countryId)) {
    throw refusedFields([{ field: 'document_type_id', message: DOCUMENT_TYPE_COUNTRY_MESSAGE }]);
  }
  // Keys not sent are undefined and leave their column alone; emptied ones are null.
  return Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
}

export function registerProfileRoutes(api: Api, services: Services): void {
  const { db, uploads, mailer } = services;

  for (const path of ['/auth/profile', '/auth/profile/']) {
    api.get(path, { access: 'authenticated' }, (c) => c.json<ProfileDto>(toProfileDto(viewerOf(c).user)));
  }

  const ownProfile = { access: 'authenticated', ownership: 'own profile only', body: profileUpdateSchema } as const;
  api.patch('/auth/profile', ownProfile, async (c) => {
    const { user } = viewerOf(c);
    const updates = profileUpdates(c.req.valid('json'), user.country_id);
    if (updates.first_name !== undefined || updates.last_name !== undefined) {
      updates.display_name = displayNameOf(
        String(updates.first_name ?? user.first_name),
        String(updates.last_name ?? user.last_name),
      );
    }
    const updated = Object.keys(updates).length === 0 ? user : await updateProfile(db, user.id, updates);
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
        throw new Refusal(400, REQUIRED_FIELD_MESSAGE, [`Foto: ${REQUIRED_FIELD_MESSAGE}`], {
          body: { fieldErrors: [{ field: 'file', message: REQUIRED_FIELD_MESSAGE }] },
        });
      }
      if (file.size > PROFILE_PHOTO_MAX_BYTES) throw new Refusal(413, PHOTO_TOO_LARGE_MESSAGE);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = detectFileType(bytes);
      if (!type || type.mime === 'application/pdf') throw new Refusal(415, PHOTO_TYPE_MESSAGE);
      let webp: Buffer;
      try {
        webp = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
          .rotate()
          .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'attention' })
          .webp({ quality: 82 })
          .toBuffer();
      } catch {
        throw new Refusal(400, PHOTO_UNREADABLE_MESSAGE);
      }
      const name = randomStoredName('webp');
      await uploads.put('profile', name, webp);
      const url = `${PROFILE_PHOTO_PREFIX}${name}`;
      try {
        await setProfilePhoto(db, user.id, url);
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
      if (!STORED_NAME_PATTERN.test(name)) throw new Refusal(404, IMAGE_NOT_FOUND_MESSAGE);
      const owner = await findProfilePhotoOwner(db, `${PROFILE_PHOTO_PREFIX}${name}`);
      const allowed = owner && (owner.id === viewer.id || viewer.role === 'admin' || owner.doctor_id === viewer.id);
      const content = allowed ? await uploads.get('profile', name) : undefined;
      // Someone else's photo answers exactly like a missing one.
      if (!content) throw new Refusal(404, IMAGE_NOT_FOUND_MESSAGE);
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

  const ownAccount = { access: 'authenticated', ownership: 'own account only', body: accessChangeSchema } as const;
  api.post('/auth/access', ownAccount, async (c) => {
    const { user, session } = viewerOf(c);
    const { currentPassword, email, newPassword } = c.req.valid('json');
    const changesEmail = email !== undefined && email !== user.email;
    if (!changesEmail && newPassword === undefined) throw new Refusal(400, NOTHING_TO_CHANGE_MESSAGE);
    // The current password is what stands between a stolen session and the account: limited like a login.
    const accountKey = `access:${user.id}`;
    await services.limits.assertAttemptAllowed(accountKey);
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      await services.limits.attemptFailed(accountKey);
      throw new Refusal(401, WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    await services.limits.attemptSucceeded(accountKey);
    if (changesEmail && (await emailTaken(db, email, user.id))) throw new Refusal(409, EMAIL_TAKEN_MESSAGE);
    const updates: Updateable<UsersTable> = {};
    if (changesEmail) updates.email = email;
    if (newPassword !== undefined) {
      updates.password_hash = await hashPassword(newPassword);
      updates.required_change_password = false;
    }
    const what = [changesEmail ? 'tu correo electrónico' : '', newPassword ? 'tu contraseña' : '']
      .filter(Boolean)
      .join(' y ');
    try {
      await changeAccess(db, mailer, {
        userId: user.id,
        sessionId: session.id,
        updates,
        revokeOtherSessions: newPassword !== undefined,
        // The previous address hears about the change: if it was not the owner, they can react.
        notice: personalEmail(user.email, 'Cambios en tu cuenta del Dispensario Funcional', user.display_name, [
          `Se actualizó ${what} en tu cuenta del Dispensario Funcional.`,
          NOT_YOU_LINE,
        ]),
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) throw new Refusal(409, EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    mailer.flush();
    const updated = await findUserById(db, user.id);
    if (!updated) throw new Refusal(404, 'Usuario no encontrado.');
    return c.json<ProfileDto>(toProfileDto(updated));
  });
}
