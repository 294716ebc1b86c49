// What a screen that failed tells the server (`POST /client-errors`): enough to find the fault in a release, nothing
// about the person: the route's pattern rather than its address (no ids), the error's name and message, no stack.
// Without zod: the storefront's reporter loads this on an error screen, the schema stays with the server and tests.

export const CLIENT_ERROR_NAME_MAX_LENGTH = 100;
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 500;
export const CLIENT_ERROR_ROUTE_MAX_LENGTH = 200;
export const CLIENT_ERROR_RELEASE_MAX_LENGTH = 40;
/** The router's pattern ('/:locale/mi-cuenta/mis-pacientes/:id'): letters, digits, '/', ':', '-', '_' and '*'. */
export const CLIENT_ERROR_ROUTE_PATTERN = /^\/[\w:/*-]*$/;
export const CLIENT_ERROR_ROUTE_MESSAGE = 'Indica el patrón de la ruta, sin datos.';

export interface ClientErrorReport {
  name: string;
  message?: string | undefined;
  route: string;
  /** The build the device runs, to tell an old release's fault from a new one's. */
  release?: string | undefined;
}
