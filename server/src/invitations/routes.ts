import type { InvitationDto, InvitationPreviewDto } from '../../../src/lib/shared/accounts';
import {
  EMAIL_TAKEN_MESSAGE,
  DOCUMENT_PATTERN,
  DOCUMENT_TAKEN_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  NAME_MAX_LENGTH,
} from '../forms/definitions';
import { pathParam, viewerOf, type Api } from '../http/auth';
import { FieldProblems, readJsonObject } from '../http/body';
import { HttpError } from '../http/errors';
import type { Services } from '../http/services';
import { documentTaken, emailTaken, normalizeDocument, normalizeEmail } from '../users/repo';
import { findUsableInvitation, invitedRecord, issueInvitation, toInvitationDto, toPreviewDto } from './repo';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LABELS: Record<string, string> = {
  email: 'Correo electrónico',
  documentNumber: 'Número de documento',
  firstName: 'Nombres',
  lastName: 'Apellidos',
};

export function registerInvitationRoutes(api: Api, services: Services): void {
  const { db, mailer } = services;

  api.post('/invitations', { access: 'approvedProfessional' }, async (c) => {
    const { user, country } = viewerOf(c);
    const body = await readJsonObject(c);
    const problems = new FieldProblems(LABELS);
    const rawEmail = problems.text(body, 'email', { maxLength: 254 });
    const rawDocument = problems.text(body, 'documentNumber', { maxLength: 40 });
    const firstName = problems.text(body, 'firstName', { maxLength: NAME_MAX_LENGTH }) ?? null;
    const lastName = problems.text(body, 'lastName', { maxLength: NAME_MAX_LENGTH }) ?? null;
    const email = rawEmail === undefined ? null : normalizeEmail(rawEmail);
    const documentNumber = rawDocument === undefined ? null : normalizeDocument(rawDocument);
    if (email !== null && !EMAIL_SHAPE.test(email)) problems.add('email', 'Escribe un correo electrónico válido.');
    if (documentNumber !== null && !new RegExp(DOCUMENT_PATTERN).test(documentNumber)) {
      problems.add('documentNumber', 'El documento debe tener entre 5 y 20 letras o números.');
    }
    if (!problems.has() && email === null && documentNumber === null) {
      throw new HttpError(400, 'Indica el correo o el documento del paciente.', [
        'Indica el correo o el documento del paciente.',
      ]);
    }
    problems.assertNone();
    if (email !== null && (await emailTaken(db, email))) throw new HttpError(409, EMAIL_TAKEN_MESSAGE);
    if (documentNumber !== null && (await documentTaken(db, documentNumber))) {
      throw new HttpError(409, DOCUMENT_TAKEN_MESSAGE);
    }

    const { row, link } = await db.transaction().execute((trx) =>
      issueInvitation(trx, mailer, {
        professional: user,
        country,
        baseUrl: services.publicUrl,
        email,
        documentNumber,
        firstName,
        lastName,
      }),
    );
    mailer.flush();
    return c.json<InvitationDto>(toInvitationDto(row, link), 201);
  });

  api.get('/invitations', { access: 'approvedProfessional', ownership: 'own invitations only' }, async (c) => {
    const { user } = viewerOf(c);
    const rows = await db
      .selectFrom('invitations')
      .selectAll()
      .where('professional_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return c.json<{ data: InvitationDto[] }>({ data: rows.map((row) => toInvitationDto(row)) });
  });

  api.get('/invitations/:token', { access: 'public' }, async (c) => {
    const usable = await findUsableInvitation(db, pathParam(c, 'token'));
    if (!usable) throw new HttpError(404, INVITATION_INVALID_MESSAGE);
    return c.json<InvitationPreviewDto>(toPreviewDto(usable, await invitedRecord(db, usable.invitation.id)));
  });
}
