import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { useCountry } from '../../../lib/use-country';
import { useLogin } from '../api';
import type { LoginCredentials } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';

type Method = 'email' | 'document';

/** Only paths inside the same country may be returned to after logging in. */
function safeRedirect(country: string, target: string | null): string {
  return target && target.startsWith(`/${country}/`) && !target.startsWith('//')
    ? target
    : `/${country}/mi-cuenta/datos-personales`;
}

export function LoginPage() {
  const { t } = useLingui();
  const country = useCountry();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const login = useLogin(country);
  const [method, setMethod] = useState<Method>('email');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');

  const required = t`Campo obligatorio`;

  async function submit() {
    const credentials: LoginCredentials =
      method === 'email' ? { method, email: identifier, password } : { method, document: identifier, password };
    await login.mutateAsync(credentials);
    void navigate(safeRedirect(country, params.get('volver')), { replace: true });
  }

  if (session && params.has('volver')) return <Navigate to={safeRedirect(country, params.get('volver'))} replace />;
  if (session) {
    return (
      <AuthNotice
        titleId="login-title"
        title={<Trans>Ya iniciaste sesión</Trans>}
        action={{ to: `/${country}/mi-cuenta/datos-personales`, label: <Trans>Ir a mi cuenta</Trans> }}
      >
        <p>
          <Trans>Estás conectado como {session.user.displayName}.</Trans>
        </p>
      </AuthNotice>
    );
  }

  return (
    <AuthForm
      titleId="login-title"
      title={<Trans>Iniciar sesión</Trans>}
      valid={identifier.trim() !== '' && password !== ''}
      action={login}
      onSubmit={submit}
      submitLabel={t`Ingresar`}
      pendingLabel={t`Ingresando…`}
      footer={
        <Trans>
          ¿Aún no tienes cuenta? <Link to={`/${country}/registro`}>Regístrate</Link>
        </Trans>
      }
    >
      {(submitted) => (
        <>
          <div className="segmented" role="radiogroup" aria-label={t`Ingresar con`}>
            {(['email', 'document'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={method === option}
                className={method === option ? 'segmented__option segmented__option--active' : 'segmented__option'}
                onClick={() => {
                  setMethod(option);
                  setIdentifier('');
                }}
              >
                {option === 'email' ? t`Correo electrónico` : t`Documento`}
              </button>
            ))}
          </div>
          <TextField
            label={method === 'email' ? t`Correo electrónico` : t`Número de documento`}
            type={method === 'email' ? 'email' : 'text'}
            inputMode={method === 'email' ? 'email' : 'numeric'}
            autoComplete={method === 'email' ? 'email' : 'username'}
            value={identifier}
            onValueChange={setIdentifier}
            required
            error={submitted && !identifier.trim() ? required : undefined}
          />
          <TextField
            type="password"
            label={t`Contraseña`}
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            required
            error={submitted && !password ? required : undefined}
          />
          <p className="auth-card__aside">
            <Link to={`/${country}/olvide-contrasena`}>
              <Trans>¿Olvidaste tu contraseña?</Trans>
            </Link>
          </p>
        </>
      )}
    </AuthForm>
  );
}
