import type { RoleDto } from '../../../src/lib/shared/accounts';
import { viewerOf, pathParam, type Api } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { QueryReader } from '../http/query-params';
import type { Services } from '../http/services';
import { digitsOnly, emailTaken, documentTaken, findUsersByDocumentDigits, roleDto } from './repo';

/** Product §7: the storefront looks users up by any of these query names. */
export const DOCUMENT_QUERY_ALIASES = [
  'documentNumber',
  'document',
  'dni',
  'identification',
  'document_number',
  'identificationNumber',
  'cedula',
  'doc',
  'num_documento',
  'q',
  'search',
] as const;

export const USER_NOT_FOUND_MESSAGE = 'Usuario no encontrado.';
const MIN_DOCUMENT_DIGITS = 5;

export function registerUserRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.get('/users/check-existence', { access: 'public' }, async (c) => {
    await services.limits.assertExistenceLookup(clientAddress(c, services.trustProxy));
    const reader = new QueryReader(c.req.query());
    const email = reader.text('email', 254);
    const documentNumber = reader.text('documentNumber', 40);
    reader.assertValid();
    return c.json<{ email: boolean; documentNumber: boolean }>({
      email: email ? await emailTaken(db, email) : false,
      documentNumber: documentNumber ? await documentTaken(db, documentNumber) : false,
    });
  });

  api.get('/users/uid/:uid', { access: 'authenticated', ownership: 'self, admin, the patient’s doctor' }, async (c) => {
    const viewer = viewerOf(c).user;
    const uid = pathParam(c, 'uid');
    const user = /^[A-Za-z0-9_-]{1,64}$/.test(uid)
      ? await db
          .selectFrom('users')
          .select(['id', 'uid', 'display_name', 'role', 'doctor_id'])
          .where('uid', '=', uid)
          .executeTakeFirst()
      : undefined;
    const allowed = user && (user.id === viewer.id || viewer.role === 'admin' || user.doctor_id === viewer.id);
    if (!user || !allowed) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
    return c.json<{ id: number; uid: string; display_name: string; role: RoleDto }>({
      id: user.id,
      uid: user.uid,
      display_name: user.display_name,
      role: roleDto(user),
    });
  });

  api.get('/users', { access: { roles: ['doctor', 'health_professional', 'admin'], approved: true } }, async (c) => {
    const reader = new QueryReader(c.req.query());
    const values = DOCUMENT_QUERY_ALIASES.map((alias) => reader.text(alias, 40)).filter(
      (value): value is string => value !== undefined,
    );
    reader.assertValid();
    if (values.length === 0) {
      throw new HttpError(400, 'Indica el número de documento a buscar.', [
        `Usa uno de los parámetros: ${DOCUMENT_QUERY_ALIASES.join(', ')}.`,
      ]);
    }
    // Documents are compared digits only (product §5); too few digits would match half the register.
    const digits = digitsOnly(values[0] ?? '');
    const data = digits.length >= MIN_DOCUMENT_DIGITS ? await findUsersByDocumentDigits(db, digits) : [];
    return c.json<{ data: { id: number; uid: string }[] }>({ data });
  });
}
