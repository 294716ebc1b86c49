import { Trans } from '@lingui/react/macro';

/** A screen that a later release brings: it says so plainly instead of pretending to work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p className="empty-state">
        <Trans>Estamos preparando esta sección. Muy pronto podrás usarla desde aquí.</Trans>
      </p>
    </section>
  );
}
