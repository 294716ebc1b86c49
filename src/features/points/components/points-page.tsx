import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPoints } from '../../../lib/money';
import type { CountryCode } from '../../../lib/shared/countries';
import { useCountry } from '../../../lib/use-country';
import { pointsQueries } from '../api';
import { usePointsAccess } from '../use-points-access';
import { BalanceCard } from './balance-card';
import { PointsCatalogue } from './points-catalogue';
import { PointsHistory } from './points-history';
import { TitledSection } from '../../../components/ui/titled-section';

function PointsProgramme({ country, userId }: { country: CountryCode; userId: number }) {
  const balance = useQuery(pointsQueries.balance(country, userId));
  const [redeemedLeft, setRedeemedLeft] = useState<string | null>(null);
  return (
    <>
      {redeemedLeft && (
        <p className="notice notice--success" role="status">
          <Trans>Canje realizado. Te quedan {redeemedLeft}</Trans>
        </p>
      )}
      <BalanceCard country={country} userId={userId} />
      <PointsCatalogue
        country={country}
        userId={userId}
        balance={balance.data?.points}
        onRedeemed={(remaining) => setRedeemedLeft(formatPoints(remaining, country))}
      />
      <PointsHistory country={country} userId={userId} />
    </>
  );
}

/** `mi-cuenta/mis-puntos`: balance, what points buy in the country, and the history. Professionals only (product §6). */
export function PointsPage() {
  const country = useCountry();
  const access = usePointsAccess();
  return (
    <TitledSection id="points-title" title={<Trans>Mis puntos</Trans>} heading="h1" className="stack points-page">
      {access.status === 'not-professional' && (
        <p className="empty-state">
          <Trans>
            El programa de puntos es para médicos y profesionales de la salud, por eso no está disponible en tu cuenta.
          </Trans>
        </p>
      )}
      {access.status === 'not-approved' && (
        <p className="empty-state">
          {access.rejected ? (
            <Trans>El programa de puntos no está disponible porque tu registro como profesional no fue aprobado.</Trans>
          ) : (
            <Trans>Podrás usar tus puntos cuando aprobemos tus credenciales de profesional.</Trans>
          )}
        </p>
      )}
      {access.status === 'allowed' && <PointsProgramme key={access.userId} country={country} userId={access.userId} />}
    </TitledSection>
  );
}
