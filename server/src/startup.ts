import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { ApiErrorBody } from '../../src/lib/shared/api-types';
import {
  HEADERS_TIMEOUT_MS,
  HEADERS_TOO_LARGE_MESSAGE,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_HEADER_BYTES,
} from './http/request-limits';

/** A start-up failure whose message is already the one line to print (cause and what to do). */
export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
  }
}

const FOLDER_ERROR_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOSPC']);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * Checks that a folder the server writes to (PGlite's files, uploads) can be created and written, by writing and
 * removing a probe file: PGlite's own failure on a read-only folder is an unreadable WebAssembly error.
 */
export async function ensureWritableFolder(folder: string, variable: string): Promise<void> {
  const probe = join(folder, `.escritura-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    const code = errorCode(error) ?? 'error';
    throw new StartupError(
      `No se puede escribir en la carpeta ${folder} (${code}): da permiso de escritura al usuario del servidor o ` +
        `define ${variable} con otra carpeta.`,
      { cause: error },
    );
  }
}

/** Host, port and database name of a DATABASE_URL, never its user or password. */
function describeDatabaseUrl(databaseUrl: string): { where: string; name: string } {
  try {
    const url = new URL(databaseUrl);
    return { where: `${url.hostname}:${url.port || '5432'}`, name: decodeURIComponent(url.pathname.slice(1)) };
  } catch {
    return { where: 'DATABASE_URL', name: '' };
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

/** The one Spanish line a failed start prints: what went wrong and what to do. */
export function startupFailureLine(
  error: unknown,
  context: { databaseUrl?: string | undefined; port?: number },
): string {
  if (error instanceof StartupError) return error.message;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (message.startsWith('Configuración no válida:')) {
    return `${message}. Corrige esas variables de entorno (ver la tabla de configuración del README).`;
  }
  if (context.databaseUrl) {
    const { where, name } = describeDatabaseUrl(context.databaseUrl);
    // PostgreSQL's SQLSTATE: invalid_catalog_name, invalid_password / invalid_authorization_specification.
    if (code === '3D000') {
      return `La base de datos "${name}" no existe en el servidor PostgreSQL ${where}: créala (createdb ${name}) o corrige DATABASE_URL.`;
    }
    if (code === '28P01' || code === '28000') {
      return `PostgreSQL (${where}) rechazó el usuario o la contraseña de DATABASE_URL: corrígelos en DATABASE_URL.`;
    }
    if (code !== undefined && UNREACHABLE_CODES.has(code)) {
      return `No se pudo conectar con PostgreSQL en ${where} (${code}): comprueba que el servidor esté en marcha y que DATABASE_URL sea correcta.`;
    }
  }
  if (code === 'EADDRINUSE') {
    return `El puerto ${context.port ?? ''} ya está en uso: cierra el otro proceso o define PORT con otro puerto (0 elige uno libre).`;
  }
  if (code === 'EACCES' && context.port !== undefined && context.port < 1024) {
    return `No hay permiso para escuchar en el puerto ${context.port}: usa un puerto mayor que 1023 con PORT.`;
  }
  if (code !== undefined && FOLDER_ERROR_CODES.has(code)) {
    return `No se pudo escribir un archivo del servidor (${code}): revisa los permisos de DATA_DIR y UPLOADS_DIR.`;
  }
  const firstLine = message.split('\n')[0] ?? '';
  return `No se pudo iniciar el servidor: ${firstLine}. Ejecuta con LOG_LEVEL=debug para ver el detalle.`;
}

/**
 * Starts listening with a header limit above the app's own URL limit (see MAX_HEADER_BYTES) and idle connections kept
 * longer than any client reuses them (KEEP_ALIVE_TIMEOUT_MS), and answers what Node
 * refuses before the app sees it (headers still larger, a malformed request) with the same JSON error shape.
 * Resolves once listening; rejects when the port cannot be taken.
 */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string },
): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch, port: options.port, hostname: options.hostname, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } },
      (info) => resolve({ server, port: info.port }),
    );
    (server as Server).keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    (server as Server).headersTimeout = HEADERS_TIMEOUT_MS;
    server.once('error', reject);
    (server as Server).on('clientError', (error, socket) => {
      if (!socket.writable) return;
      const tooLarge = errorCode(error) === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        message: tooLarge ? HEADERS_TOO_LARGE_MESSAGE : 'La solicitud no es válida.',
      } satisfies ApiErrorBody);
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      socket.end(
        `HTTP/1.1 ${status}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ` +
          `${Buffer.byteLength(body)}\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
      );
    });
  });
}
