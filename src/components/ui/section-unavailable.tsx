import { Trans } from '@lingui/react/macro';

/** An account section that does not exist, or that the user's role does not have (product §2, §6). */
export function SectionUnavailable() {
  return (
    <section aria-labelledby="section-title">
      <h1 id="section-title">
        <Trans>Sección no disponible</Trans>
      </h1>
      <p>
        <Trans>Esta sección no existe o no corresponde a tu tipo de cuenta.</Trans>
      </p>
    </section>
  );
}
