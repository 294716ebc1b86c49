import { PersonalDataPage } from '../../features/account/components/personal-data-page';
import { CredentialsPanel } from '../../features/credentials/components/credentials-panel';

export function PersonalDataRoute() {
  return (
    <PersonalDataPage
      professionalSections={
        <section className="card">
          <CredentialsPanel />
        </section>
      }
    />
  );
}
