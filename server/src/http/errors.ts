import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ApiErrorBody } from '../../../src/lib/shared/api-types';
import type { Logger } from '../logger';
import { Refusal } from '../refusal';
import { UploadStorageUnavailableError } from '../uploads/s3-storage';

export const UNEXPECTED_ERROR_MESSAGE =
  'Ocurrió un error inesperado en el servidor. Intenta nuevamente en unos minutos.';
export const ROUTE_NOT_FOUND_MESSAGE = 'El recurso solicitado no existe.';

/** Turns any thrown value into JSON `{ message, errors? }`; internals go to the log, never to the client. */
export function toErrorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof Refusal) {
    const body: ApiErrorBody = {
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...error.extra.body,
    };
    return c.json(body, error.status, error.extra.headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    // Hono's own refusals (a malformed multipart body, for instance) keep their status with a Spanish message.
    const status = error.status;
    const message = status === 413 ? 'La solicitud es demasiado grande.' : 'La solicitud no es válida.';
    return c.json<ApiErrorBody>({ message }, status);
  }
  if (error instanceof UploadStorageUnavailableError) {
    // The operator needs the call and S3's answer; the browser only that files are unreachable for now.
    logger.error(`[${c.req.method}] ${c.req.path}: almacenamiento de archivos: ${error.detail}`);
    return c.json<ApiErrorBody>({ message: error.message }, 503);
  }
  if (error instanceof SyntaxError) {
    return c.json<ApiErrorBody>({ message: 'El cuerpo de la solicitud no es un JSON válido.' }, 400);
  }
  logger.error(`[${c.req.method}] ${c.req.path}:`, error);
  return c.json<ApiErrorBody>({ message: UNEXPECTED_ERROR_MESSAGE }, 500);
}
