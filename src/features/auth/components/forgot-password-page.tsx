import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { passwordResetRequestSchema } from '../../../lib/shared/passwords';
import { useCountry } from '../../../lib/use-country';
import { useRequestPasswordReset } from '../api';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';

/** '¿Olvidaste tu contraseña?': asks the e-mail; the answer never tells whether it has an account. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const country = useCountry();
  const request = useRequestPasswordReset(country);
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const valid = passwordResetRequestSchema.safeParse({ email }).success;
  const loginPath = `/${country}/iniciar-sesion`;

  if (answer) {
    return (
      <AuthNotice
        titleId="forgot-title"
        title={<Trans>Revisa tu correo</Trans>}
        action={{ to: loginPath, label: <Trans>Volver a iniciar sesión</Trans> }}
      >
        <p role="status">{answer}</p>
      </AuthNotice>
    );
  }

  return (
    <AuthForm
      titleId="forgot-title"
      title={<Trans>¿Olvidaste tu contraseña?</Trans>}
      valid={valid}
      action={request}
      onSubmit={async () => setAnswer((await request.mutateAsync(email.trim())).message)}
      submitLabel={t`Enviar enlace`}
      pendingLabel={t`Enviando…`}
      footer={
        <Link to={loginPath}>
          <Trans>Volver a iniciar sesión</Trans>
        </Link>
      }
    >
      {(submitted) => (
        <>
          <p>
            <Trans>Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</Trans>
          </p>
          <TextField
            label={t`Correo electrónico`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            required
            error={
              !submitted || valid
                ? undefined
                : email.trim()
                  ? t`Escribe un correo electrónico válido.`
                  : t`Campo obligatorio`
            }
          />
        </>
      )}
    </AuthForm>
  );
}
