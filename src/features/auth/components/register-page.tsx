import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { REGISTRATION_FORMS } from '../../../lib/shared/accounts';
import { useCountry } from '../../../lib/use-country';
import { invitationQueries } from '../api';
import { useSession } from '../../../lib/session/use-session';
import { NoInvitationDialog } from './no-invitation-dialog';
import { RegistrationForm } from './registration-form';

type RegistrableRole = keyof typeof REGISTRATION_FORMS;

/** Product §2: after a successful registration the browser goes to datos-personales after 1 second. */
export const POST_REGISTRATION_REDIRECT_MS = 1000;

export function RegisterPage() {
  const { t } = useLingui();
  const country = useCountry();
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const invitationToken = params.get('invitacion');
  const [role, setRole] = useState<RegistrableRole | null>(invitationToken ? 'patient' : null);
  const [askingInvitation, setAskingInvitation] = useState(false);
  const [registered, setRegistered] = useState(false);
  const invitation = useQuery({
    ...invitationQueries.preview(country, invitationToken ?? ''),
    enabled: !!invitationToken,
  });

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(
      () => void navigate(`/${country}/mi-cuenta/datos-personales`, { replace: true }),
      POST_REGISTRATION_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [registered, country, navigate]);

  if (registered) {
    return (
      <section className="page auth-page">
        <div className="auth-card" role="status">
          <h1>
            <Trans>¡Tu cuenta está lista!</Trans>
          </h1>
          <p>
            <Trans>Te llevamos a tus datos personales…</Trans>
          </p>
        </div>
      </section>
    );
  }

  if (session && !registered) {
    return (
      <section className="page auth-page">
        <div className="auth-card">
          <h1>
            <Trans>Ya tienes una sesión abierta</Trans>
          </h1>
          <p>
            <Trans>Cierra la sesión de {session.user.displayName} para registrar otra cuenta en este país.</Trans>
          </p>
          <Link to={`/${country}/mi-cuenta/datos-personales`} className="button button--primary">
            <Trans>Ir a mi cuenta</Trans>
          </Link>
        </div>
      </section>
    );
  }

  const roleOptions: { role: RegistrableRole; title: string; text: string }[] = [
    { role: 'doctor', title: t`Soy médico`, text: t`Prescribe herramientas funcionales y hormonas bioidénticas.` },
    {
      role: 'health_professional',
      title: t`Soy profesional de la salud`,
      text: t`Recomienda herramientas funcionales a tus pacientes.`,
    },
    { role: 'patient', title: t`Soy paciente`, text: t`Regístrate con la invitación de tu médico o profesional.` },
  ];

  return (
    <section className="page auth-page" aria-labelledby="register-title">
      <div className="auth-card auth-card--wide">
        <h1 id="register-title">
          <Trans>Crear cuenta</Trans>
        </h1>
        {invitationToken && invitation.isPending && (
          <p role="status" className="muted">
            <Trans>Verificando tu invitación…</Trans>
          </p>
        )}
        {invitationToken && invitation.isError && (
          <div className="alert" role="alert">
            <p>{errorMessage(invitation.error)}</p>
            <p>
              <Trans>Pide a tu médico o profesional de la salud que te envíe una nueva invitación.</Trans>
            </p>
          </div>
        )}
        {invitationToken && invitation.data && (
          <p className="muted">
            <Trans>
              {invitation.data.professional.display_name} te invitó a crear tu cuenta de paciente. Algunos datos ya
              vienen de la invitación.
            </Trans>
          </p>
        )}
        {!invitationToken && (
          <div className="role-choice" role="group" aria-label={t`¿Cómo quieres registrarte?`}>
            {roleOptions.map((option) => (
              <button
                key={option.role}
                type="button"
                className="role-choice__option"
                aria-pressed={role === option.role}
                onClick={() => {
                  if (option.role === 'patient') setAskingInvitation(true);
                  else setRole(option.role);
                }}
              >
                <span className="role-choice__title">{option.title}</span>
                <span className="muted">{option.text}</span>
              </button>
            ))}
          </div>
        )}
        {role && (!invitationToken || invitation.data) && (
          <RegistrationForm
            key={role}
            country={country}
            role={role}
            form={REGISTRATION_FORMS[role]}
            invitationToken={invitationToken}
            invitation={invitation.data ?? null}
            onRegistered={() => setRegistered(true)}
          />
        )}
        <p className="auth-card__footer">
          <Trans>
            ¿Ya tienes cuenta? <Link to={`/${country}/iniciar-sesion`}>Inicia sesión</Link>
          </Trans>
        </p>
      </div>
      <NoInvitationDialog open={askingInvitation} onOpenChange={setAskingInvitation} />
    </section>
  );
}
