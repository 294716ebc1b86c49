import { Trans } from '@lingui/react/macro';

/** Product §2 home: what it is, told as the three steps a prescription goes through. */
export function HomeIntro() {
  return (
    <section className="section intro" aria-labelledby="intro-title">
      <div className="intro__text">
        <h2 id="intro-title">
          <Trans>¿Qué es el Dispensario Funcional?</Trans>
        </h2>
        <p>
          <Trans>
            Somos un dispensario virtual de medicina funcional. Unimos en un solo lugar al profesional que diseña la
            estrategia terapéutica, al paciente que la sigue y a la farmacia que la prepara y la entrega.
          </Trans>
        </p>
      </div>
      <ol className="intro__steps">
        <li>
          <h3>
            <Trans>Tu profesional formula</Trans>
          </h3>
          <p>
            <Trans>
              Tu médico crea una prescripción, o tu profesional de la salud una recomendación, con los productos, las
              dosis y las indicaciones.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Tú la recibes y compras</Trans>
          </h3>
          <p>
            <Trans>
              La fórmula llega a tu cuenta. Compras lo indicado sin buscar producto por producto y pagas como prefieras.
            </Trans>
          </p>
        </li>
        <li>
          <h3>
            <Trans>Te la entregamos</Trans>
          </h3>
          <p>
            <Trans>
              Preparamos y despachamos tu pedido, y te recordamos cuándo volver a comprar para que no interrumpas el
              tratamiento.
            </Trans>
          </p>
        </li>
      </ol>
    </section>
  );
}
