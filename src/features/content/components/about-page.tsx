import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCountry } from '../../../lib/use-country';
import { PageHero } from './page-hero';
import { WhereWeAre } from './where-we-are';

/** Product §2: about us (`/{c}/nosotros`). */
export function AboutPage() {
  const country = useCountry();
  // How we work, one card each: with the professionals, the patients and the medicines.
  const ways: [title: ReactNode, text: ReactNode][] = [
    [
      <Trans>Con los profesionales</Trans>,
      <Trans>
        Validamos las credenciales de cada médico y profesional de la salud antes de activar su cuenta. Les damos un
        formulador detallado, plantillas, documentos para sus pacientes, descuento profesional y un programa de puntos.
      </Trans>,
    ],
    [
      <Trans>Con los pacientes</Trans>,
      <Trans>
        Cada paciente llega por invitación de su profesional, así su cuenta nace vinculada a sus prescripciones. Compra
        lo indicado, recibe recordatorios de recompra y consulta su historial cuando lo necesite.
      </Trans>,
    ],
    [
      <Trans>Con los medicamentos</Trans>,
      <Trans>
        Las hormonas bioidénticas y los productos de uso profesional solo se despachan con prescripción firmada, que
        nuestro equipo revisa antes de cada envío.
      </Trans>,
    ],
  ];
  const values: ReactNode[] = [
    <Trans>
      <strong>Calidad verificable:</strong> trabajamos con laboratorios y farmacias habilitados, y cada producto muestra
      su presentación y su contenido.
    </Trans>,
    <Trans>
      <strong>Privacidad:</strong> tratamos los datos de salud con la autorización que exige la ley de cada país y solo
      para cuidar tu tratamiento.
    </Trans>,
    <Trans>
      <strong>Información honesta:</strong> nuestros artículos explican la evidencia disponible y nunca reemplazan la
      consulta con tu profesional.
    </Trans>,
    <Trans>
      <strong>Cercanía:</strong> te atendemos por teléfono y por chat de lunes a sábado.
    </Trans>,
  ];
  return (
    <>
      <PageHero
        id="about-title"
        eyebrow={<Trans>Nosotros</Trans>}
        title={<Trans>Hacemos que la estrategia de tu profesional llegue completa a tus manos</Trans>}
        lead={
          <Trans>
            Nacimos para resolver un problema muy concreto: el paciente sale de la consulta con una lista de suplementos
            y fórmulas, y termina buscando cada uno por separado, sin saber si es la presentación correcta.
          </Trans>
        }
      />
      <div className="page prose-page">
        <AboutSection id="about-mission" title={<Trans>Nuestra misión</Trans>}>
          <p>
            <Trans>
              Acompañar a médicos, profesionales de la salud y pacientes en cada paso de la medicina funcional: desde la
              formulación hasta la entrega y la recompra, con productos de calidad, información clara y respeto por los
              datos de salud de cada persona.
            </Trans>
          </p>
        </AboutSection>
        <AboutSection id="about-how" title={<Trans>Cómo trabajamos</Trans>}>
          <ul className="about-grid">
            {ways.map(([title, text], index) => (
              <li key={index} className="card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </AboutSection>
        <AboutSection id="about-values" title={<Trans>Lo que nos importa</Trans>}>
          <ul className="check-list">
            {values.map((value, index) => (
              <li key={index}>{value}</li>
            ))}
          </ul>
          <p>
            <Link to={`/${country}/terminos-y-condiciones/home`}>
              <Trans>Lee nuestros términos y la política de tratamiento de datos</Trans>
            </Link>
          </p>
        </AboutSection>
        <WhereWeAre country={country} />
      </div>
    </>
  );
}

/** A part of the page under its own heading. */
function AboutSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
