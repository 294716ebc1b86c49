// What a screen that failed tells the server (`POST /client-errors`): enough to find the fault in a release, nothing
// about the person: the route's pattern rather than its address (no ids), the error's name and message, no stack.
import { optionalText, requiredText } from './field-schemas';
import { z } from './zod';

export const CLIENT_ERROR_NAME_MAX_LENGTH = 100;
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 500;
export const CLIENT_ERROR_ROUTE_MAX_LENGTH = 200;
export const CLIENT_ERROR_ROUTE_MESSAGE = 'Indica el patrón de la ruta, sin datos.';

export const clientErrorReportSchema = z.object({
  name: requiredText(CLIENT_ERROR_NAME_MAX_LENGTH),
  message: optionalText(CLIENT_ERROR_MESSAGE_MAX_LENGTH),
  /** The router's pattern ('/:locale/mi-cuenta/mis-pacientes/:id'): letters, digits, '/', ':', '-', '_' and '*'. */
  route: requiredText(CLIENT_ERROR_ROUTE_MAX_LENGTH).refine((route) => /^\/[\w:/*-]*$/.test(route), {
    error: CLIENT_ERROR_ROUTE_MESSAGE,
  }),
  /** The build the device runs, to tell an old release's fault from a new one's. */
  release: optionalText(40),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
