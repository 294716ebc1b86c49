import { Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { tourRequestedAtom } from '../../features/tour/atoms';
import { useContactChannels } from '../../lib/contact';
import { chatUrl } from '../../lib/shared/contact';
import { COUNTRIES, type CountryCode } from '../../lib/shared/countries';
import { CARD_BRANDS } from '../../lib/shared/payments';
import { OpeningHours } from '../../features/content/components/opening-hours';
import { LanguageSwitch } from './language-switch';

// The profiles to link once the accounts exist; until then each network's home, so no link is broken.
const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
] as const;

/** Product §1/§2: contact line, terms link, opening hours, certifications, social links and payment methods (§9). */
export function FooterContent({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const requestTour = useSetAtom(tourRequestedAtom);
  const year = new Date().getFullYear();
  const newTab = t`(se abre en una pestaña nueva)`;
  const countryName = COUNTRIES[country].name;
  // Issue #19: the country's channels as an admin saved them, else the build's.
  const { phone, chatNumber } = useContactChannels(country);
  const chat =
    chatNumber &&
    chatUrl(
      chatNumber,
      t`¡Hola! Les escribo desde el Dispensario Funcional de ${countryName} y quisiera hablar con un asesor.`,
    );
  const replayTour = () => {
    requestTour(true);
    void navigate(`/${country}`);
  };
  return (
    <footer className="site-footer" data-tour="footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__title">
            <Trans>Línea de atención</Trans>
          </h2>
          {phone ? (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="site-footer__phone" data-testid="contact-phone">
              {phone}
            </a>
          ) : (
            <p className="muted">
              <Trans>Escríbenos desde tu cuenta y te contactaremos.</Trans>
            </p>
          )}
          {chat ? (
            <p>
              <a href={chat} target="_blank" rel="noopener noreferrer">
                <Trans>Escríbenos por chat</Trans>
                <span className="visually-hidden"> {newTab}</span>
              </a>
            </p>
          ) : (
            <p className="muted" data-testid="chat-fallback">
              <Trans>El chat no está disponible por ahora: usa la línea de atención o tu cuenta.</Trans>
            </p>
          )}
          <OpeningHours titleAs="h3" titleClassName="site-footer__subtitle" />
        </section>
        <nav aria-labelledby="footer-site">
          <h2 id="footer-site" className="site-footer__title">
            <Trans>El dispensario</Trans>
          </h2>
          <ul className="plain-list site-footer__links">
            <li>
              <Link to={`/${country}/nosotros`}>
                <Trans>Nosotros</Trans>
              </Link>
            </li>
            <li>
              <Link to={`/${country}/articulos`}>
                <Trans>Blog</Trans>
              </Link>
            </li>
            <li>
              <Link to={`/${country}/solicitar-atencion`}>
                <Trans>Solicitar atención médica</Trans>
              </Link>
            </li>
            <li>
              <button type="button" className="site-footer__link-button" onClick={replayTour}>
                <Trans>Ver recorrido guiado</Trans>
              </button>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-certifications">
          <h2 id="footer-certifications" className="site-footer__title">
            <Trans>Certificaciones</Trans>
          </h2>
          <ul className="plain-list">
            <li>
              <Trans>Establecimiento farmacéutico habilitado</Trans>
            </li>
            <li>
              <Trans>Buenas prácticas de elaboración (BPE) en preparaciones magistrales</Trans>
            </li>
            <li>
              <Trans>Tratamiento de datos de salud conforme a la ley de cada país</Trans>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" className="site-footer__title">
            <Trans>Medios de pago</Trans>
          </h2>
          <ul className="payment-list" aria-label={t`Medios de pago aceptados`}>
            <li className="payment-badge">
              <Trans>Transferencia bancaria</Trans>
            </li>
            {CARD_BRANDS.map((brand) => (
              <li key={brand} className="payment-badge">
                {brand}
              </li>
            ))}
          </ul>
          <h3 className="site-footer__subtitle" id="footer-social">
            <Trans>Síguenos</Trans>
          </h3>
          <ul className="plain-list site-footer__social" aria-labelledby="footer-social">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.href} rel="noopener noreferrer" target="_blank">
                  {link.name}
                  <span className="visually-hidden"> {newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <p>
          <Trans>© {year} Dispensario Funcional. Todos los derechos reservados.</Trans>
        </p>
        <Link to={`/${country}/terminos-y-condiciones/home`}>
          <Trans>Términos y condiciones y política de privacidad</Trans>
        </Link>
        <LanguageSwitch />
      </div>
    </footer>
  );
}
