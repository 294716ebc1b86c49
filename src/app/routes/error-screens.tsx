import { Trans } from '@lingui/react/macro';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useParams, useRouteError } from 'react-router';

/**
 * Reports a failure to the server's log, by the route's pattern when the router knows it. The reporter is loaded only
 * when something failed: it is not part of the app's first download.
 */
function report(error: unknown, where?: { pathname: string; params: Readonly<Record<string, string | undefined>> }) {
  void import('../../lib/report-error').then(
    ({ reportClientError, routePattern }) =>
      reportClientError(error, where ? routePattern(where.pathname, where.params) : '/*'),
    () => undefined,
  );
}

/** What the person sees in place of what failed; the layout around it (when it still works) stays. */
function ErrorScreen() {
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

/**
 * Shown when a screen fails to render or its code cannot be loaded (for instance, offline before caching). The router
 * places it inside the layout for a failing screen and in place of the layout when the layout itself fails; the
 * failure is reported to the server's log by the route's pattern (`/:locale/mi-cuenta/mis-pacientes/:patientId`),
 * never its address.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const params = useParams();
  useEffect(() => {
    if (isRouteErrorResponse(error) && error.status === 404) return;
    report(error, { pathname, params });
    // One report per failure, not per render of the error screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return <ErrorScreen />;
}

/**
 * Above the router: a failure in what every screen shares (the restoration of the device's data, the query cache)
 * would otherwise leave a blank page. Inside the catalogue's provider, so the screen speaks the visitor's language.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    report(error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
