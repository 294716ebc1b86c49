import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useCountry } from '../../../lib/use-country';

export function HomeHero() {
  const country = useCountry();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <HomeHeroText titleId="hero-title" />
        <div className="hero__actions">
          <Link to={`/${country}/herramientas`} className="button button--primary button--large">
            <Trans>Ver herramientas</Trans>
          </Link>
          <Link to={`/${country}/registro`} className="button button--secondary button--large">
            <Trans>Soy profesional de la salud</Trans>
          </Link>
        </div>
      </div>
    </section>
  );
}

/**
 * The headline, also painted by the restoration placeholder before the app starts (it has no router: no links
 * here), so the first paint is already home's largest text.
 */
export function HomeHeroText({ titleId }: { titleId: string }) {
  return (
    <>
      <p className="hero__eyebrow">
        <Trans>Dispensario virtual de medicina funcional</Trans>
      </p>
      <h1 id={titleId}>
        <Trans>Tu estrategia terapéutica, formulada por tu profesional y entregada en casa</Trans>
      </h1>
      <p className="hero__lead">
        <Trans>
          Médicos y profesionales de la salud prescriben y recomiendan herramientas funcionales y hormonas bioidénticas;
          sus pacientes las compran aquí, con seguimiento y recompra sencilla.
        </Trans>
      </p>
    </>
  );
}
