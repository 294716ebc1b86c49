import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useCountry } from '../../../lib/use-country';
import { useDocumentTitle } from '../use-document';
import { WhereWeAre } from './where-we-are';

/** Product §2: about us (`/{c}/nosotros`). */
export function AboutPage() {
  const { t } = useLingui();
  const country = useCountry();
  useDocumentTitle(t`Nosotros · Dispensario Funcional`);
  return (
    <>
      <section className="hero hero--compact" aria-labelledby="about-title">
        <div className="hero__inner">
          <p className="hero__eyebrow">
            <Trans>Nosotros</Trans>
          </p>
          <h1 id="about-title">
            <Trans>Hacemos que la estrategia de tu profesional llegue completa a tus manos</Trans>
          </h1>
          <p className="hero__lead">
            <Trans>
              Nacimos para resolver un problema muy concreto: el paciente sale de la consulta con una lista de
              suplementos y fórmulas, y termina buscando cada uno por separado, sin saber si es la presentación
              correcta.
            </Trans>
          </p>
        </div>
      </section>
      <div className="page prose-page">
        <section className="section" aria-labelledby="about-mission">
          <h2 id="about-mission">
            <Trans>Nuestra misión</Trans>
          </h2>
          <p>
            <Trans>
              Acompañar a médicos, profesionales de la salud y pacientes en cada paso de la medicina funcional: desde la
              formulación hasta la entrega y la recompra, con productos de calidad, información clara y respeto por los
              datos de salud de cada persona.
            </Trans>
          </p>
        </section>
        <section className="section" aria-labelledby="about-how">
          <h2 id="about-how">
            <Trans>Cómo trabajamos</Trans>
          </h2>
          <ul className="about-grid">
            <li className="card">
              <h3>
                <Trans>Con los profesionales</Trans>
              </h3>
              <p>
                <Trans>
                  Validamos las credenciales de cada médico y profesional de la salud antes de activar su cuenta. Les
                  damos un formulador detallado, plantillas, documentos para sus pacientes, descuento profesional y un
                  programa de puntos.
                </Trans>
              </p>
            </li>
            <li className="card">
              <h3>
                <Trans>Con los pacientes</Trans>
              </h3>
              <p>
                <Trans>
                  Cada paciente llega por invitación de su profesional, así su cuenta nace vinculada a sus
                  prescripciones. Compra lo indicado, recibe recordatorios de recompra y consulta su historial cuando lo
                  necesite.
                </Trans>
              </p>
            </li>
            <li className="card">
              <h3>
                <Trans>Con los medicamentos</Trans>
              </h3>
              <p>
                <Trans>
                  Las hormonas bioidénticas y los productos de uso profesional solo se despachan con prescripción
                  firmada, que nuestro equipo revisa antes de cada envío.
                </Trans>
              </p>
            </li>
          </ul>
        </section>
        <section className="section" aria-labelledby="about-values">
          <h2 id="about-values">
            <Trans>Lo que nos importa</Trans>
          </h2>
          <ul className="check-list">
            <li>
              <Trans>
                <strong>Calidad verificable:</strong> trabajamos con laboratorios y farmacias habilitados, y cada
                producto muestra su presentación y su contenido.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Privacidad:</strong> tratamos los datos de salud con la autorización que exige la ley de cada
                país y solo para cuidar tu tratamiento.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Información honesta:</strong> nuestros artículos explican la evidencia disponible y nunca
                reemplazan la consulta con tu profesional.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Cercanía:</strong> te atendemos por teléfono y por chat de lunes a sábado.
              </Trans>
            </li>
          </ul>
          <p>
            <Link to={`/${country}/terminos-y-condiciones/home`}>
              <Trans>Lee nuestros términos y la política de tratamiento de datos</Trans>
            </Link>
          </p>
        </section>
        <WhereWeAre country={country} />
      </div>
    </>
  );
}
