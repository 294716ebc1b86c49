import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCountry } from '../../../lib/use-country';
import { updateSessionProfile } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import { AccessDataForm } from './access-data-form';
import { PersonalDataForm } from './personal-data-form';
import { ProfilePhoto } from './profile-photo';
import { TitledSection } from '../../../components/ui/titled-section';

/** `professionalSections` is where the app places what professionals also manage here (their credentials). */
export function PersonalDataPage({ professionalSections }: { professionalSections?: ReactNode }) {
  const country = useCountry();
  const session = useSession();
  if (!session) return null;
  const profile = session.user.personalInfo;
  const professional = profile.role.name === 'doctor' || profile.role.name === 'health_professional';
  return (
    <div className="stack">
      <h1>
        <Trans>Mis datos</Trans>
      </h1>
      <TitledSection id="personal-title" title={<Trans>Datos personales</Trans>} className="card">
        <ProfilePhoto
          country={country}
          profile={profile}
          onChanged={(url) => updateSessionProfile(country, { ...profile, profile_image_url: url })}
        />
        <PersonalDataForm country={country} profile={profile} onSaved={(next) => updateSessionProfile(country, next)} />
      </TitledSection>
      <TitledSection id="access-title" title={<Trans>Datos de acceso</Trans>} className="card">
        <AccessDataForm country={country} profile={profile} onSaved={(next) => updateSessionProfile(country, next)} />
        <p className="muted">
          <Trans>
            Consulta los <Link to={`/${country}/terminos-y-condiciones/home`}>términos y condiciones</Link> y la
            política de tratamiento de datos.
          </Trans>
        </p>
      </TitledSection>
      {professional && professionalSections}
    </div>
  );
}
