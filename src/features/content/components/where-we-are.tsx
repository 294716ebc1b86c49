import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { env } from '../../../lib/env';
import { COUNTRIES, type CountryCode } from '../../../lib/shared/countries';
import { directionsUrl, LOCATIONS, type Location } from '../locations';
import { OpeningHours } from './opening-hours';

type MapState = 'static' | 'loading' | 'ready' | 'failed';

/**
 * The provider's map only when a key is configured, the box is about to be seen and the device is online; until then
 * (and whenever it fails) a drawn placeholder of the same size, so nothing moves when the map arrives.
 */
function LocationMap({ location }: { location: Location }) {
  const { t } = useLingui();
  const key = env.mapsApiKey;
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('static');

  useEffect(() => {
    const box = boxRef.current;
    if (!key || !box || typeof IntersectionObserver === 'undefined') return;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        if (!navigator.onLine) {
          setState('failed');
          return;
        }
        setState('loading');
        void import('../maps-loader')
          .then(({ loadMaps }) => loadMaps(key))
          .then((maps) => {
            if (cancelled || !canvasRef.current) return;
            const position = { lat: location.latitude, lng: location.longitude };
            const map = new maps.Map(canvasRef.current, { center: position, zoom: 16, streetViewControl: false });
            new maps.Marker({ position, map, title: location.address });
            setState('ready');
          })
          .catch(() => {
            if (!cancelled) setState('failed');
          });
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [key, location]);

  return (
    <div ref={boxRef} className="where__map">
      <div
        ref={canvasRef}
        className="where__canvas"
        role={state === 'ready' ? 'region' : undefined}
        aria-label={state === 'ready' ? t`Mapa de ${location.city}` : undefined}
      />
      {state !== 'ready' && (
        <div className="where__placeholder">
          <svg viewBox="0 0 320 200" aria-hidden="true" focusable="false">
            <path d="M0 60h320M0 140h320M80 0v200M210 0v200M0 200L320 0" stroke="#cfded4" strokeWidth="10" />
            <path
              d="M160 40c-22 0-40 18-40 40 0 30 40 72 40 72s40-42 40-72c0-22-18-40-40-40z"
              fill="var(--color-brand)"
            />
            <circle cx="160" cy="80" r="14" fill="#fff" />
          </svg>
          <p className="where__map-note" role={state === 'failed' ? 'status' : undefined}>
            {state === 'loading' && <Trans>Cargando el mapa…</Trans>}
            {state === 'failed' && (
              <Trans>No pudimos cargar el mapa. La dirección y el enlace siguen disponibles.</Trans>
            )}
            {state === 'static' && <span className="visually-hidden">{location.city}</span>}
          </p>
        </div>
      )}
    </div>
  );
}

/** Product §2 home: where we are, with the address, the opening hours and how to get there. */
export function WhereWeAre({ country }: { country: CountryCode }) {
  const { t, i18n } = useLingui();
  const location = LOCATIONS[country];
  const countryName = COUNTRIES[country].name;
  return (
    <section className="section where" aria-labelledby="where-title" data-tour="where">
      <div className="where__text">
        <h2 id="where-title">
          <Trans>Dónde estamos</Trans>
        </h2>
        <p className="where__city">
          {location.city}, {countryName}
        </p>
        <address className="where__address">{location.address}</address>
        <p>{i18n._(location.coverage)}</p>
        <OpeningHours />
        <a
          href={directionsUrl(location)}
          target="_blank"
          rel="noopener noreferrer"
          className="button button--secondary"
        >
          <Trans>Ver cómo llegar</Trans>
          <span className="visually-hidden"> {t`(se abre en una pestaña nueva)`}</span>
        </a>
      </div>
      <LocationMap location={location} />
    </section>
  );
}
