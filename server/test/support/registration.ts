import { jsonRequest, type TestContext } from '../helpers';

/** The token of an invitation link, as the registration page reads it from `?invitacion=` (empty without one). */
export function invitationTokenOf(link: string | null | undefined): string {
  return new URL(link ?? '').searchParams.get('invitacion') ?? '';
}

/**
 * Registers a patient with the registration form (form 3) from an invitation, as the registration page posts it from
 * Colombia: the name, password and consents are filled in; `values` give the rest (e-mail, document, record fields)
 * or replace them, and `headers` add to the request's.
 */
export function registerInvitedPatient(
  ctx: TestContext,
  invitationToken: string,
  values: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return ctx.app.request(
    '/api/auth/dynamic/register/3',
    jsonRequest(
      'POST',
      {
        invitation_token: invitationToken,
        first_name: 'Lucía',
        last_name: 'Restrepo',
        password: 'Paciente123',
        password_confirmation: 'Paciente123',
        terms: 'on',
        health_data_consent: 'on',
        ...values,
      },
      { 'x-country': 'co', ...headers },
    ),
  );
}
