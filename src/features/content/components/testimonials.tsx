import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HomeSection } from '../../../components/ui/home-section';

function Testimonial({
  initials,
  quote,
  name,
  role,
}: {
  initials: string;
  quote: ReactNode;
  name: string;
  role: ReactNode;
}) {
  return (
    <li className="testimonial">
      <figure>
        <blockquote className="testimonial__quote">
          <p>{quote}</p>
        </blockquote>
        <figcaption className="testimonial__author">
          <span className="testimonial__avatar" aria-hidden="true">
            {initials}
          </span>
          <span>
            <strong>{name}</strong>
            <br />
            <span className="muted">{role}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  );
}

/** Product §2 home: testimonials, one per kind of user. */
export function Testimonials() {
  return (
    <HomeSection id="testimonials-title" title={<Trans>Lo que dicen quienes ya lo usan</Trans>}>
      <ul className="testimonial-grid">
        <Testimonial
          initials="CM"
          name="Carolina M."
          role={<Trans>Médica funcional, Medellín</Trans>}
          quote={
            <Trans>
              Ya no dicto fórmulas por teléfono: mis pacientes reciben la prescripción completa en su cuenta y yo veo
              quién ya la compró.
            </Trans>
          }
        />
        <Testimonial
          initials="AR"
          name="Andrés R."
          role={<Trans>Nutricionista, Ciudad de México</Trans>}
          quote={
            <Trans>
              Mis recomendaciones quedan guardadas y mis pacientes las repiten cuando se les terminan. Con los puntos
              pagué mi inscripción a un congreso.
            </Trans>
          }
        />
        <Testimonial
          initials="LG"
          name="Lucía G."
          role={<Trans>Paciente, Bogotá</Trans>}
          quote={
            <Trans>
              Mi médica me envió la invitación y en cinco minutos tenía mi cuenta. Cuando se me acaba el magnesio, lo
              pido de nuevo desde mis prescripciones.
            </Trans>
          }
        />
      </ul>
    </HomeSection>
  );
}
