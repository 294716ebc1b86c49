import { randomBytes } from 'node:crypto';
import {
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_LINK_INVALID_MESSAGE,
  type PasswordResetAnswerDto,
} from '../../../src/lib/shared/passwords';
import type { Api } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { requestCountry } from '../http/country';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { NOT_YOU_LINE, personalEmail } from '../mail/mailer';
import { hashToken } from '../sessions/repo';
import { findUserByEmail } from '../users/repo';
import { issuePasswordReset, resetPassword } from './password-reset-repo';
import { hashPassword } from './passwords';

/** The same answer whether or not the e-mail has an account: the page must not tell which e-mails exist. */
export const RESET_REQUESTED_MESSAGE =
  'Si el correo corresponde a una cuenta, te enviamos un enlace para crear una nueva contraseña. Revisa tu bandeja de entrada (y la carpeta de spam); el enlace vale 30 minutos.';
export const PASSWORD_RESET_DONE_MESSAGE =
  'Tu contraseña se actualizó y cerramos las sesiones abiertas. Inicia sesión con la nueva contraseña.';
const RESET_TOKEN_BYTES = 32;

/** Forgotten password: a single-use link valid 30 minutes, sent by e-mail; a new password ends every session. */
export function registerPasswordResetRoutes(api: Api, services: Services): void {
  const { db, mailer } = services;

  api.post('/auth/password-reset/request', { access: 'public', body: passwordResetRequestSchema }, async (c) => {
    const { email } = c.req.valid('json');
    await services.limits.assertResetRequest(clientAddress(c, services.trustProxy), email);
    const user = await findUserByEmail(db, email);
    if (user) {
      const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
      const country = requestCountry(c);
      const link = `${services.publicUrl}/${country}/restablecer-contrasena#token=${token}`;
      await issuePasswordReset(db, mailer, {
        userId: user.id,
        tokenHash: hashToken(token),
        email: personalEmail(user.email, 'Restablece tu contraseña del Dispensario Funcional', user.display_name, [
          'Recibimos una solicitud para crear una nueva contraseña en tu cuenta del Dispensario Funcional.',
          'Abre este enlace en los próximos 30 minutos (sirve una sola vez):',
          link,
          '',
          'Si no lo pediste, ignora este correo: tu contraseña no cambia.',
        ]),
      });
      mailer.flush();
    }
    return c.json<PasswordResetAnswerDto>({ message: RESET_REQUESTED_MESSAGE });
  });

  api.post('/auth/password-reset/confirm', { access: 'public', body: passwordResetConfirmSchema }, async (c) => {
    const { token, password } = c.req.valid('json');
    // Guessing links (and making the server hash passwords for nothing) is limited like asking for them.
    await services.limits.assertResetConfirm(clientAddress(c, services.trustProxy));
    const done = await resetPassword(db, mailer, {
      tokenHash: hashToken(token),
      passwordHash: await hashPassword(password),
      email: (account) =>
        personalEmail(account.email, 'Tu contraseña del Dispensario Funcional cambió', account.display_name, [
          'Se creó una nueva contraseña para tu cuenta del Dispensario Funcional y se cerraron todas sus sesiones.',
          NOT_YOU_LINE,
        ]),
    });
    if (!done) throw new Refusal(400, RESET_LINK_INVALID_MESSAGE, [RESET_LINK_INVALID_MESSAGE]);
    mailer.flush();
    return c.json<PasswordResetAnswerDto>({ message: PASSWORD_RESET_DONE_MESSAGE });
  });
}
