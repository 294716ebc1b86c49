import { Trans } from '@lingui/react/macro';

/** Shown when a screen fails to render or its code cannot be loaded (for instance, offline before caching). */
export function RouteError() {
  return (
    <section className="page not-found" role="alert">
      <h1>
        <Trans>Algo salió mal</Trans>
      </h1>
      <p>
        <Trans>No pudimos mostrar esta pantalla. Revisa tu conexión e inténtalo de nuevo.</Trans>
      </p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        <Trans>Recargar</Trans>
      </button>
    </section>
  );
}
