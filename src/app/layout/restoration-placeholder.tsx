import { Trans } from '@lingui/react/macro';
import { FullPageLoader } from './full-page-loader';

/**
 * Spec §2: the placeholder shown until the persisted state (cart, sessions, drafts) is restored. It is the same as
 * the static one in index.html: the loader, or on home (`route-home` on the document, set before the first paint)
 * the home headline, so the first paint is already the page's largest text and nothing flashes when React takes over.
 */
export function RestorationPlaceholder() {
  return (
    <div className="restoration-placeholder" data-testid="restoration-placeholder">
      <FullPageLoader />
      <section className="hero restoration-placeholder__home" aria-labelledby="placeholder-hero-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">
            <Trans>Dispensario virtual de medicina funcional</Trans>
          </p>
          <h1 id="placeholder-hero-title">
            <Trans>Tu estrategia terapéutica, formulada por tu profesional y entregada en casa</Trans>
          </h1>
          <p className="hero__lead">
            <Trans>
              Médicos y profesionales de la salud prescriben y recomiendan herramientas funcionales y hormonas
              bioidénticas; sus pacientes las compran aquí, con seguimiento y recompra sencilla.
            </Trans>
          </p>
        </div>
      </section>
    </div>
  );
}
