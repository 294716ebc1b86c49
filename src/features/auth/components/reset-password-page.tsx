import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PASSWORD_MAX_LENGTH, passwordProblem, PASSWORD_TOO_LONG_MESSAGE } from '../../../lib/shared/passwords';
import { TextField } from '../../../components/ui/text-field';
import { useCountry } from '../../../lib/use-country';
import { useConfirmPasswordReset } from '../api';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';

/** The e-mailed link's token travels in the fragment: it never reaches a server log nor a Referer header. */
function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** The page of the e-mailed link: the new password, with the rules of registration. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const country = useCountry();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const passwordReset = useConfirmPasswordReset(country);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState<string | null>(null);

  const problem = passwordProblem(password);
  const passwordError = !password
    ? t`Campo obligatorio`
    : problem === PASSWORD_TOO_LONG_MESSAGE
      ? t`La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres.`
      : problem
        ? t`La contraseña debe tener al menos 8 caracteres e incluir letras y números.`
        : undefined;
  const confirmationError = confirmation !== password ? t`Las contraseñas no coinciden.` : undefined;

  async function save() {
    const answer = await passwordReset.mutateAsync({ token, password });
    setDone(answer.message);
  }

  if (!token) {
    return (
      <AuthNotice
        titleId="reset-title"
        title={<Trans>Enlace no válido</Trans>}
        action={{ to: `/${country}/olvide-contrasena`, label: <Trans>Pedir un enlace nuevo</Trans> }}
      >
        <p>
          <Trans>Abre el enlace completo que te enviamos por correo, o pide uno nuevo.</Trans>
        </p>
      </AuthNotice>
    );
  }

  if (done) {
    return (
      <AuthNotice
        titleId="reset-title"
        title={<Trans>Contraseña actualizada</Trans>}
        action={{ to: `/${country}/iniciar-sesion`, label: <Trans>Iniciar sesión</Trans> }}
      >
        <p role="status">{done}</p>
      </AuthNotice>
    );
  }

  return (
    <AuthForm
      titleId="reset-title"
      title={<Trans>Crea una nueva contraseña</Trans>}
      valid={!passwordError && !confirmationError}
      action={passwordReset}
      onSubmit={save}
      submitLabel={t`Guardar contraseña`}
      pendingLabel={t`Guardando…`}
    >
      {(submitted) => (
        <>
          <TextField
            type="password"
            label={t`Nueva contraseña`}
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            required
            error={submitted ? passwordError : undefined}
            help={t`Al menos 8 caracteres, con letras y números.`}
          />
          <TextField
            type="password"
            label={t`Repite la nueva contraseña`}
            autoComplete="new-password"
            value={confirmation}
            onValueChange={setConfirmation}
            required
            error={submitted ? confirmationError : undefined}
          />
        </>
      )}
    </AuthForm>
  );
}
