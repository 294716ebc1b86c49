import { PersonalDataPage } from '../../features/account/components/personal-data-page';
import { CredentialsPanel } from '../../features/credentials/components/credentials-panel';
import { DataRightsPanel } from '../../features/privacy/components/data-rights-panel';
import { useCountry } from '../../lib/use-country';

export function PersonalDataRoute() {
  const country = useCountry();
  return (
    <div className="stack">
      <PersonalDataPage
        professionalSections={
          <section className="card">
            <CredentialsPanel />
          </section>
        }
      />
      <DataRightsPanel country={country} />
    </div>
  );
}
