import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCountry } from '../../../lib/use-country';
import { updateSessionProfile } from '../../auth/session';
import { useSession } from '../../auth/use-session';
import { AccessDataForm } from './access-data-form';
import { PersonalDataForm } from './personal-data-form';
import { ProfilePhoto } from './profile-photo';

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
      <section className="card" aria-labelledby="personal-title">
        <h2 id="personal-title">
          <Trans>Datos personales</Trans>
        </h2>
        <ProfilePhoto
          country={country}
          profile={profile}
          onChanged={(url) => updateSessionProfile(country, { ...profile, profile_image_url: url })}
        />
        <PersonalDataForm country={country} profile={profile} onSaved={(next) => updateSessionProfile(country, next)} />
      </section>
      <section className="card" aria-labelledby="access-title">
        <h2 id="access-title">
          <Trans>Datos de acceso</Trans>
        </h2>
        <AccessDataForm country={country} profile={profile} onSaved={(next) => updateSessionProfile(country, next)} />
        <p className="muted">
          <Trans>
            Consulta los <Link to={`/${country}/terminos-y-condiciones/home`}>términos y condiciones</Link> y la
            política de tratamiento de datos.
          </Trans>
        </p>
      </section>
      {professional && professionalSections}
    </div>
  );
}
