import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Field } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { passwordResetRequestSchema } from '../../../lib/shared/passwords';
import { useCountry } from '../../../lib/use-country';
import { requestPasswordReset } from '../api';

/** '¿Olvidaste tu contraseña?': asks the e-mail; the answer never tells whether it has an account. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const country = useCountry();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);

  const emailError = !submitted
    ? undefined
    : !email.trim()
      ? t`Campo obligatorio`
      : passwordResetRequestSchema.safeParse({ email }).success
        ? undefined
        : t`Escribe un correo electrónico válido.`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!passwordResetRequestSchema.safeParse({ email }).success) return;
    setPending(true);
    try {
      const result = await requestPasswordReset(country, email.trim());
      setAnswer(result.message);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (answer) {
    return (
      <section className="page auth-page" aria-labelledby="forgot-title">
        <div className="auth-card">
          <h1 id="forgot-title">
            <Trans>Revisa tu correo</Trans>
          </h1>
          <p role="status">{answer}</p>
          <Link to={`/${country}/iniciar-sesion`} className="button button--primary">
            <Trans>Volver a iniciar sesión</Trans>
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="forgot-title">
      <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
        <h1 id="forgot-title">
          <Trans>¿Olvidaste tu contraseña?</Trans>
        </h1>
        <p>
          <Trans>Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.</Trans>
        </p>
        <Field label={t`Correo electrónico`} required error={emailError}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="input"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
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
          {pending ? t`Enviando…` : t`Enviar enlace`}
        </button>
        <p className="auth-card__footer">
          <Link to={`/${country}/iniciar-sesion`}>
            <Trans>Volver a iniciar sesión</Trans>
          </Link>
        </p>
      </form>
    </section>
  );
}
