import { env } from './env';
import {
  CLIENT_ERROR_MESSAGE_MAX_LENGTH,
  CLIENT_ERROR_RELEASE_MAX_LENGTH,
  CLIENT_ERROR_ROUTE_PATTERN,
  type ClientErrorReport,
} from './shared/client-errors';

/**
 * The file this code was built into: its hash changes with every release, so the server's log tells a fault of an
 * old release (a device that has not updated yet) from one of the new, with no build variable to keep up to date.
 */
const RELEASE = new URL(import.meta.url).pathname.split('/').pop()?.slice(0, CLIENT_ERROR_RELEASE_MAX_LENGTH);

/**
 * The route's pattern for an address: each parameter's value back to its name ('/co/mi-cuenta/mis-pacientes/12' →
 * '/:locale/mi-cuenta/mis-pacientes/:id'), so no id or name reaches the report.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const names = new Map(
    Object.entries(params).flatMap(([name, value]) => (value ? [[value, name === '*' ? '*' : `:${name}`]] : [])),
  );
  return `/${pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => names.get(decodeURIComponent(segment)) ?? segment)
    .join('/')}`;
}

/** Tells the server's log that a screen failed (`POST /client-errors`); never throws and never retries. */
export function reportClientError(error: unknown, route: string): void {
  const report: ClientErrorReport = {
    name: (error instanceof Error && error.name) || typeof error,
    message: (error instanceof Error ? error.message : String(error))
      .replace(/\s+/g, ' ')
      .slice(0, CLIENT_ERROR_MESSAGE_MAX_LENGTH),
    route: CLIENT_ERROR_ROUTE_PATTERN.test(route) ? route : '/*',
    release: RELEASE,
  };
  try {
    fetch(`${env.gatewayBaseUrl}/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      // Sent even when the user reloads or leaves at once, which an error screen invites.
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  } catch {
    // Reporting must never break the error screen it is called from.
  }
}
