import type { InvitationDto, InvitationPreviewDto } from '../../../src/lib/shared/accounts';
import { invitationInputSchema } from '../../../src/lib/shared/invitation-schemas';
import { EMAIL_TAKEN_MESSAGE, DOCUMENT_TAKEN_MESSAGE, INVITATION_INVALID_MESSAGE } from '../forms/definitions';
import { pathParam, viewerOf, type Api } from '../http/auth';
import { Refusal } from '../refusal';
import type { Services } from '../http/services';
import { documentTaken, emailTaken } from '../users/repo';
import {
  findUsableInvitation,
  invitationsOf,
  invitedRecord,
  issueStandaloneInvitation,
  toInvitationDto,
  toPreviewDto,
} from './repo';

export function registerInvitationRoutes(api: Api, services: Services): void {
  const { db, mailer } = services;

  api.post('/invitations', { access: 'approvedProfessional', body: invitationInputSchema }, async (c) => {
    const { user, country } = viewerOf(c);
    const { email, documentNumber, firstName, lastName } = c.req.valid('json');
    if (email !== null && (await emailTaken(db, email))) throw new Refusal(409, EMAIL_TAKEN_MESSAGE);
    if (documentNumber !== null && (await documentTaken(db, documentNumber))) {
      throw new Refusal(409, DOCUMENT_TAKEN_MESSAGE);
    }

    const { row, link } = await issueStandaloneInvitation(db, mailer, {
      professional: user,
      country,
      baseUrl: services.publicUrl,
      email,
      documentNumber,
      firstName,
      lastName,
    });
    mailer.flush();
    return c.json<InvitationDto>(toInvitationDto(row, link), 201);
  });

  api.get('/invitations', { access: 'approvedProfessional', ownership: 'own invitations only' }, async (c) => {
    const { user } = viewerOf(c);
    const rows = await invitationsOf(db, user.id);
    return c.json<{ data: InvitationDto[] }>({ data: rows.map((row) => toInvitationDto(row)) });
  });

  api.get('/invitations/:token', { access: 'public' }, async (c) => {
    const usable = await findUsableInvitation(db, pathParam(c, 'token'));
    if (!usable) throw new Refusal(404, INVITATION_INVALID_MESSAGE);
    return c.json<InvitationPreviewDto>(toPreviewDto(usable, await invitedRecord(db, usable.invitation.id)));
  });
}
