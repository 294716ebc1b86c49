import {
  DOCUMENT_QUERY_ALIASES,
  existenceQuerySchema,
  userSearchQuerySchema,
} from '../../../src/lib/shared/account-schemas';
import type { RoleDto } from '../../../src/lib/shared/accounts';
import { viewerOf, pathParam, type Api } from '../http/auth';
import { clientAddress } from '../http/client-address';
import { Refusal } from '../refusal';
import { refusedFields } from '../http/validated';
import type { Services } from '../http/services';
import { digitsOnly, emailTaken, documentTaken, findUserCardByUid, findUsersByDocumentDigits, roleDto } from './repo';

export const USER_NOT_FOUND_MESSAGE = 'Usuario no encontrado.';
const NO_DOCUMENT_MESSAGE = 'Indica el número de documento a buscar.';
const NO_DOCUMENT_PROBLEM = `Usa uno de los parámetros: ${DOCUMENT_QUERY_ALIASES.join(', ')}.`;
const MIN_DOCUMENT_DIGITS = 5;

export function registerUserRoutes(api: Api, services: Services): void {
  const { db } = services;

  api.get('/users/check-existence', { access: 'public', query: existenceQuerySchema }, async (c) => {
    await services.limits.assertExistenceLookup(clientAddress(c, services.trustProxy));
    const { email, documentNumber } = c.req.valid('query');
    return c.json<{ email: boolean; documentNumber: boolean }>({
      email: email ? await emailTaken(db, email) : false,
      documentNumber: documentNumber ? await documentTaken(db, documentNumber) : false,
    });
  });

  api.get('/users/uid/:uid', { access: 'authenticated', ownership: 'self, admin, the patient’s doctor' }, async (c) => {
    const viewer = viewerOf(c).user;
    const uid = pathParam(c, 'uid');
    const user = /^[A-Za-z0-9_-]{1,64}$/.test(uid) ? await findUserCardByUid(db, uid) : undefined;
    const allowed = user && (user.id === viewer.id || viewer.role === 'admin' || user.doctor_id === viewer.id);
    if (!user || !allowed) throw new Refusal(404, USER_NOT_FOUND_MESSAGE);
    return c.json<{ id: number; uid: string; display_name: string; role: RoleDto }>({
      id: user.id,
      uid: user.uid,
      display_name: user.display_name,
      role: roleDto(user),
    });
  });

  const searching = {
    access: { roles: ['doctor', 'health_professional', 'admin'], approved: true },
    query: userSearchQuerySchema,
  } as const;
  api.get('/users', searching, async (c) => {
    const query = c.req.valid('query');
    const document = DOCUMENT_QUERY_ALIASES.map((alias) => query[alias]).find((value) => value !== undefined);
    if (document === undefined) {
      const problem = { field: 'documentNumber', message: NO_DOCUMENT_PROBLEM };
      throw refusedFields([problem], { message: NO_DOCUMENT_MESSAGE });
    }
    // Documents are compared digits only (product §5); too few digits would match half the register.
    const digits = digitsOnly(document);
    const data = digits.length >= MIN_DOCUMENT_DIGITS ? await findUsersByDocumentDigits(db, digits) : [];
    return c.json<{ data: { id: number; uid: string }[] }>({ data });
  });
}
