import { Trans } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { tourRequestedAtom } from '../atoms';
import { hasSeenTour, markTourSeen } from '../tour-storage';

/**
 * The home's offer of the guided tour to a device that has not seen it. The tour used to open by itself over the
 * page on a first visit: a focus-trapped overlay nobody asked for, on a phone before the visitor had read a line, and
 * driver.js's download and layout work in every first visit (docs/decisions.md, "The tour when asked for").
 */
export function TourInvite() {
  const [offered, setOffered] = useState(() => !hasSeenTour());
  const requestTour = useSetAtom(tourRequestedAtom);
  if (!offered) return null;
  const take = () => {
    setOffered(false);
    requestTour(true);
  };
  const decline = () => {
    markTourSeen();
    setOffered(false);
  };
  return (
    <section className="tour-invite" aria-labelledby="tour-invite-text">
      <p id="tour-invite-text" className="tour-invite__text">
        <Trans>¿Primera vez aquí? En un minuto te mostramos cómo funciona el dispensario.</Trans>
      </p>
      <div className="tour-invite__actions">
        <button type="button" className="button button--secondary" onClick={take}>
          <Trans>Ver recorrido guiado</Trans>
        </button>
        <button type="button" className="button button--ghost" onClick={decline}>
          <Trans>Ahora no</Trans>
        </button>
      </div>
    </section>
  );
}
