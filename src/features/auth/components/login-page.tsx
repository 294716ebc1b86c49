import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { messagesByText } from '../../../lib/messages-by-text';
import { EMAIL_MAX_LENGTH } from '../../../lib/shared/email';
import {
  CONTROL_CHARACTERS_MESSAGE,
  maxLengthMessage,
  REQUIRED_FIELD_MESSAGE,
} from '../../../lib/shared/field-schemas';
import { documentLoginSchema, emailLoginSchema, MAX_DOCUMENT_LENGTH } from '../../../lib/shared/login-schemas';
import { EMAIL_FORMAT_MESSAGE, MAX_PASSWORD_INPUT } from '../../../lib/shared/passwords';
import { useCountry } from '../../../lib/use-country';
import { useLogin } from '../api';
import type { LoginCredentials } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import { AuthForm } from './auth-form';
import { AuthNotice } from './auth-notice';

type Method = 'email' | 'document';

const maxLength = (count: number) => msg`Máximo ${count} caracteres.`;

/** The login schemas' Spanish messages in this screen's catalogue, so the form says what the server would. */
const loginMessage = messagesByText({
  [REQUIRED_FIELD_MESSAGE]: msg`Campo obligatorio`,
  [EMAIL_FORMAT_MESSAGE]: msg`Escribe un correo electrónico válido.`,
  [CONTROL_CHARACTERS_MESSAGE]: msg`Contiene caracteres no válidos.`,
  ...Object.fromEntries(
    [EMAIL_MAX_LENGTH, MAX_DOCUMENT_LENGTH, MAX_PASSWORD_INPUT].map((count) => [
      maxLengthMessage(count),
      maxLength(count),
    ]),
  ),
});

/** Field (`identifier`, `password`) → the first problem the login's schema finds, as the server would say it. */
function loginProblems(method: Method, identifier: string, password: string) {
  const parsed =
    method === 'email'
      ? emailLoginSchema.safeParse({ email: identifier, password })
      : documentLoginSchema.safeParse({ document: identifier, password });
  const problems: { identifier?: string; password?: string } = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] === 'password' ? 'password' : 'identifier';
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Only paths inside the same country may be returned to after logging in. */
function safeRedirect(country: string, target: string | null): string {
  return target && target.startsWith(`/${country}/`) && !target.startsWith('//')
    ? target
    : `/${country}/mi-cuenta/datos-personales`;
}

export function LoginPage() {
  const { t, i18n } = useLingui();
  const country = useCountry();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const login = useLogin(country);
  const [method, setMethod] = useState<Method>('email');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');

  const problems = loginProblems(method, identifier, password);
  const problem = (field: keyof typeof problems, submitted: boolean) => {
    const message = problems[field];
    return submitted && message !== undefined ? i18n._(loginMessage(message)) : undefined;
  };

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
      valid={Object.keys(problems).length === 0}
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
            error={problem('identifier', submitted)}
          />
          <TextField
            type="password"
            label={t`Contraseña`}
            autoComplete="current-password"
            value={password}
            onValueChange={setPassword}
            required
            error={problem('password', submitted)}
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
