import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage } from '../../../lib/http';
import { PASSWORD_MAX_LENGTH, passwordProblem, PASSWORD_TOO_LONG_MESSAGE } from '../../../lib/shared/passwords';
import { useCountry } from '../../../lib/use-country';
import { confirmPasswordReset } from '../api';
import { clearSession } from '../session';

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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const problem = passwordProblem(password);
  const passwordError = !submitted
    ? undefined
    : !password
      ? t`Campo obligatorio`
      : problem === PASSWORD_TOO_LONG_MESSAGE
        ? t`La contraseña admite como máximo ${PASSWORD_MAX_LENGTH} caracteres.`
        : problem
          ? t`La contraseña debe tener al menos 8 caracteres e incluir letras y números.`
          : undefined;
  const confirmationError = submitted && confirmation !== password ? t`Las contraseñas no coinciden.` : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (problem || confirmation !== password) return;
    setPending(true);
    try {
      const answer = await confirmPasswordReset(country, token, password);
      // The server ended every session of the account, this device's too.
      clearSession(country);
      setDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (!token) {
    return (
      <section className="page auth-page" aria-labelledby="reset-title">
        <div className="auth-card">
          <h1 id="reset-title">
            <Trans>Enlace no válido</Trans>
          </h1>
          <p>
            <Trans>Abre el enlace completo que te enviamos por correo, o pide uno nuevo.</Trans>
          </p>
          <Link to={`/${country}/olvide-contrasena`} className="button button--primary">
            <Trans>Pedir un enlace nuevo</Trans>
          </Link>
        </div>
      </section>
    );
  }

  if (done) {
    return (
      <section className="page auth-page" aria-labelledby="reset-title">
        <div className="auth-card">
          <h1 id="reset-title">
            <Trans>Contraseña actualizada</Trans>
          </h1>
          <p role="status">{done}</p>
          <Link to={`/${country}/iniciar-sesion`} className="button button--primary">
            <Trans>Iniciar sesión</Trans>
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="reset-title">
      <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="reset-title">
          <Trans>Crea una nueva contraseña</Trans>
        </h1>
        <Field
          label={t`Nueva contraseña`}
          required
          error={passwordError}
          help={t`Al menos 8 caracteres, con letras y números.`}
        >
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              aria-required="true"
            />
          )}
        </Field>
        <Field label={t`Repite la nueva contraseña`} required error={confirmationError}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              aria-required="true"
            />
          )}
        </Field>
        {failure && (
          <p className="alert" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={pending}>
          {pending ? t`Guardando…` : t`Guardar contraseña`}
        </button>
      </form>
    </section>
  );
}
