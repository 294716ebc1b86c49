import { Trans } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';

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

interface ScreenBoundaryProps {
  children: ReactNode;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** The error screen stays until the person goes elsewhere: another address renders what is there afresh. */
class ScreenErrorBoundary extends Component<ScreenBoundaryProps, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenBoundaryProps, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    report(error, { pathname: this.props.pathname, params: this.props.params });
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * Shown when a screen fails to render or its code cannot be loaded (for instance, offline before caching). The routes
 * place it around each screen, inside the layout, and around the layout itself, so a failing layout takes the whole
 * page; the failure is reported to the server's log by the route's pattern
 * (`/:locale/mi-cuenta/mis-pacientes/:patientId`), never its address.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const params = useParams();
  return (
    <ScreenErrorBoundary pathname={pathname} params={params}>
      {children}
    </ScreenErrorBoundary>
  );
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
