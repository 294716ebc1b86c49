import { Select, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { CountryCode } from '../../../lib/shared/countries';
import { HomeSection } from '../../../components/ui/home-section';

/** Product §2 home: register by role. Patients cannot sign up on their own: their card explains the invitation. */
export function RegisterByRole({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const register = `/${country}/registro`;
  return (
    <HomeSection id="register-title" title={<Trans>Regístrate según tu rol</Trans>} tour="register">
      <ul className="role-grid">
        <li className="role-card">
          <h3>
            <Trans>Médico</Trans>
          </h3>
          <p>
            <Trans>
              Crea prescripciones en cuatro pasos, invita a tus pacientes y sigue sus compras. Activamos tu cuenta en
              cuanto validamos tu <Select value={country} _mx="cédula profesional" other="tarjeta profesional" />.
            </Trans>
          </p>
          <Link to={register} className="button button--primary" aria-label={t`Registrarme como médico`}>
            <Trans>Registrarme</Trans>
          </Link>
        </li>
        <li className="role-card">
          <h3>
            <Trans>Profesional de la salud</Trans>
          </h3>
          <p>
            <Trans>
              Nutricionistas, fisioterapeutas, psicólogos y otros profesionales: recomienda herramientas funcionales,
              acompaña a tus pacientes y acumula puntos.
            </Trans>
          </p>
          <Link
            to={register}
            className="button button--primary"
            aria-label={t`Registrarme como profesional de la salud`}
          >
            <Trans>Registrarme</Trans>
          </Link>
        </li>
        <li className="role-card role-card--patient">
          <h3>
            <Trans>Paciente</Trans>
          </h3>
          <p>
            <Trans>
              El registro de pacientes es por invitación: tu médico o profesional de la salud te envía un enlace por
              correo para crear tu cuenta, ya vinculada a tus prescripciones.
            </Trans>
          </p>
          <p className="muted">
            <Trans>¿No tienes invitación? Pídesela en tu próxima consulta o solicita atención médica.</Trans>
          </p>
          <Link to={`/${country}/solicitar-atencion`} className="button button--secondary">
            <Trans>Solicitar atención médica</Trans>
          </Link>
        </li>
      </ul>
    </HomeSection>
  );
}
