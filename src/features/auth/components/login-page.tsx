import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/http';
import { useCountry } from '../../../lib/use-country';
import { login, type LoginCredentials } from '../session';
import { useSession } from '../use-session';

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
  const [method, setMethod] = useState<Method>('email');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const required = t`Campo obligatorio`;
  const identifierError = submitted && !identifier.trim() ? required : undefined;
  const passwordError = submitted && !password ? required : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!identifier.trim() || !password) return;
    const credentials: LoginCredentials =
      method === 'email' ? { method, email: identifier, password } : { method, document: identifier, password };
    setPending(true);
    try {
      await login(country, credentials);
      void navigate(safeRedirect(country, params.get('volver')), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (session && params.has('volver')) return <Navigate to={safeRedirect(country, params.get('volver'))} replace />;
  if (session) {
    return (
      <section className="page auth-page">
        <div className="auth-card">
          <h1>
            <Trans>Ya iniciaste sesión</Trans>
          </h1>
          <p>
            <Trans>Estás conectado como {session.user.displayName}.</Trans>
          </p>
          <Link to={`/${country}/mi-cuenta/datos-personales`} className="button button--primary">
            <Trans>Ir a mi cuenta</Trans>
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="login-title">
      <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="login-title">
          <Trans>Iniciar sesión</Trans>
        </h1>
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
        <Field
          label={method === 'email' ? t`Correo electrónico` : t`Número de documento`}
          required
          error={identifierError}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input"
              type={method === 'email' ? 'email' : 'text'}
              inputMode={method === 'email' ? 'email' : 'numeric'}
              autoComplete={method === 'email' ? 'email' : 'username'}
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              aria-required="true"
            />
          )}
        </Field>
        <Field label={t`Contraseña`} required error={passwordError}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              aria-required="true"
            />
          )}
        </Field>
        <p className="auth-card__aside">
          <Link to={`/${country}/olvide-contrasena`}>
            <Trans>¿Olvidaste tu contraseña?</Trans>
          </Link>
        </p>
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? t`Ingresando…` : t`Ingresar`}
        </button>
        <p className="auth-card__footer">
          <Trans>
            ¿Aún no tienes cuenta? <Link to={`/${country}/registro`}>Regístrate</Link>
          </Trans>
        </p>
      </form>
    </section>
  );
}
