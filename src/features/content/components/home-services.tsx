import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useChatLink } from '../../../lib/contact';
import type { CountryCode } from '../../../lib/shared/countries';
import { HomeSection } from '../../../components/ui/home-section';

/** 24×24 line drawings, one per service; decorative, the title says what it is. */
/* eslint-disable lingui/no-unlocalized-strings -- SVG path data, not text */
const ICONS = {
  dispensary: 'M4 9h16v11H4zM3 5h18v4H3zM10 13h4',
  prescriptions: 'M7 3h8l4 4v14H7zM15 3v4h4M10 12h6M10 16h6',
  resources: 'M4 5h7v15H4zM13 5h7v15h-7zM6 9h3M15 9h3M15 13h3',
  store: 'M5 8h14l-1 12H6zM9 8a3 3 0 0 1 6 0',
  points: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.4 6.7 19.4l1.2-6L3.4 9.3l6-.7z',
  patients: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 3-5 6-5s6 2 6 5M16 7a3 3 0 0 1 0 6M18 15c2 .5 3 2.5 3 5',
  favourites: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  blog: 'M5 4h14v16H5zM8 8h8M8 12h8M8 16h5',
  custom: 'M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3M7 15h10',
  attention: 'M12 21s-8-5-8-11a5 5 0 0 1 8-4 5 5 0 0 1 8 4c0 6-8 11-8 11zM12 9v6M9 12h6',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

function ServiceCard({
  icon,
  title,
  children,
  action,
}: {
  icon: keyof typeof ICONS;
  title: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <li className="service-card">
      <svg className="service-card__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      </svg>
      <h3 className="service-card__title">{title}</h3>
      <p className="service-card__text">{children}</p>
      {action}
    </li>
  );
}

/** Product §1: the services the dispensary offers, each with where to find it. */
export function HomeServices({ country }: { country: CountryCode }) {
  const { t } = useLingui();
  const base = `/${country}`;
  const chat = useChatLink(
    country,
    t`Hola, quisiera información sobre una fórmula personalizada en el Dispensario Funcional.`,
  );
  return (
    <HomeSection id="services-title" title={<Trans>Todo lo que encuentras en el dispensario</Trans>} tour="services">
      <ul className="service-grid">
        <ServiceCard
          icon="dispensary"
          title={<Trans>Dispensario en línea</Trans>}
          action={
            <Link to={`${base}/herramientas`} className="link-arrow">
              <Trans>Ver herramientas funcionales</Trans>
            </Link>
          }
        >
          <Trans>
            Suplementos, fitoterapéuticos y hormonas bioidénticas seleccionados para la práctica funcional, con entrega
            en tu dirección.
          </Trans>
        </ServiceCard>
        <ServiceCard icon="prescriptions" title={<Trans>Prescripciones y recomendaciones</Trans>}>
          <Trans>
            Tu médico prescribe o tu profesional de la salud recomienda; tú ves la fórmula en tu cuenta y vuelves a
            comprarla con un clic cuando se termina.
          </Trans>
        </ServiceCard>
        <ServiceCard icon="resources" title={<Trans>Recursos médicos</Trans>}>
          <Trans>
            Plantillas, documentos de apoyo para tus pacientes y un formulador detallado para armar cada prescripción
            paso a paso.
          </Trans>
        </ServiceCard>
        <ServiceCard
          icon="store"
          title={<Trans>Tienda en línea</Trans>}
          action={
            <Link to={`${base}/herramientas`} className="link-arrow">
              <Trans>Ir a la tienda</Trans>
            </Link>
          }
        >
          <Trans>
            Paga con tarjeta o transferencia bancaria, con precios en tu moneda y seguimiento de cada pedido.
          </Trans>
        </ServiceCard>
        <ServiceCard icon="points" title={<Trans>Puntos y beneficios</Trans>}>
          <Trans>
            Los profesionales suman puntos por sus prescripciones y por sus compras y las de sus pacientes, y los
            canjean por productos, combos y eventos.
          </Trans>
        </ServiceCard>
        <ServiceCard icon="patients" title={<Trans>Registro de pacientes</Trans>}>
          <Trans>
            Cada profesional invita a sus pacientes y tiene en un solo lugar sus datos y las estrategias terapéuticas de
            cada uno.
          </Trans>
        </ServiceCard>
        <ServiceCard icon="favourites" title={<Trans>Favoritos e historial de pedidos</Trans>}>
          <Trans>Guarda tus productos de confianza y repite un pedido anterior sin volver a buscarlo.</Trans>
        </ServiceCard>
        <ServiceCard
          icon="blog"
          title={<Trans>Blog de medicina funcional</Trans>}
          action={
            <Link to={`${base}/articulos`} className="link-arrow">
              <Trans>Leer artículos</Trans>
            </Link>
          }
        >
          <Trans>Artículos escritos para entender tu tratamiento: microbiota, nutrientes, hormonas y más.</Trans>
        </ServiceCard>
        <ServiceCard
          icon="custom"
          title={<Trans>Productos personalizados</Trans>}
          action={
            chat ? (
              <a href={chat} target="_blank" rel="noopener noreferrer" className="link-arrow">
                <Trans>Escríbenos por chat</Trans>
                <span className="visually-hidden"> {t`(se abre en una pestaña nueva)`}</span>
              </a>
            ) : (
              <Link to={`${base}/solicitar-atencion?motivo=producto-personalizado`} className="link-arrow">
                <Trans>Solicitar un producto personalizado</Trans>
              </Link>
            )
          }
        >
          <Trans>
            ¿Necesitas una fórmula magistral a tu medida? Te ayudamos a prepararla junto con tu profesional de la salud.
          </Trans>
        </ServiceCard>
        <ServiceCard
          icon="attention"
          title={<Trans>Solicitud de atención médica</Trans>}
          action={
            <Link to={`${base}/solicitar-atencion`} className="link-arrow">
              <Trans>Solicitar atención</Trans>
            </Link>
          }
        >
          <Trans>
            ¿Aún no tienes médico funcional? Déjanos tus datos y te ponemos en contacto con un profesional de nuestra
            red.
          </Trans>
        </ServiceCard>
      </ul>
    </HomeSection>
  );
}
