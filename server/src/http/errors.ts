import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../../src/lib/shared/api-types';
import type { Logger } from '../logger';
import { UploadStorageUnavailableError } from '../uploads/s3-storage';

/** An error whose Spanish message is safe to show to the user as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: string[],
    /** More JSON fields (for instance `fieldErrors`) and response headers (for instance `Retry-After`). */
    readonly extra: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors);
export const notFound = (message: string) => new HttpError(404, message);

export const UNEXPECTED_ERROR_MESSAGE =
  'Ocurrió un error inesperado en el servidor. Intenta nuevamente en unos minutos.';
export const ROUTE_NOT_FOUND_MESSAGE = 'El recurso solicitado no existe.';

/** Turns any thrown value into JSON `{ message, errors? }`; internals go to the log, never to the client. */
export function toErrorResponse(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof HttpError) {
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
