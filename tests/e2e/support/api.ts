import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD } from '../pages/login-page';

/** Logs in through the API (for setup steps that are not what the test is about) and returns the token. */
export async function apiLogin(request: APIRequestContext, country: string, email: string): Promise<string> {
  const answer = await request.post('/api/auth/email-login', {
    headers: { 'x-country': country },
    data: { email, password: DEMO_PASSWORD },
  });
  if (!answer.ok()) throw new Error(`login ${email} en ${country}: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { sessionToken: string }).sessionToken;
}

export async function apiLogout(request: APIRequestContext, country: string, token: string): Promise<void> {
  await request.post('/api/auth/logout', {
    headers: { 'x-country': country, authorization: `Bearer ${token}` },
    data: { token },
  });
}

/**
 * A setup step's session: logs in through the API, does `work`, and logs out whatever happens. A session left open
 * would block the same account's login in another country in a later test of the worker (one country at a time).
 */
export async function withApiSession<T>(
  request: APIRequestContext,
  country: string,
  email: string,
  work: (token: string) => Promise<T>,
): Promise<T> {
  const token = await apiLogin(request, country, email);
  try {
    return await work(token);
  } finally {
    await apiLogout(request, country, token);
  }
}

/**
 * Ends every session a browser context holds (product §9 cookies `sso_token_<country>`), then closes it: a user may be
 * logged in one country at a time, so a context left logged in would block that user's login in another country in
 * a later test.
 */
export async function closeLoggedOut(context: BrowserContext): Promise<void> {
  await logoutAll(context);
  await context.close();
}

export async function logoutAll(context: BrowserContext): Promise<void> {
  for (const cookie of await context.cookies()) {
    const country = /^sso_token_([a-z]{2})$/.exec(cookie.name)?.[1];
    if (country) await apiLogout(context.request, country, decodeURIComponent(cookie.value));
  }
}

export async function createInvitation(
  request: APIRequestContext,
  country: string,
  token: string,
  invitee: { email: string; documentNumber: string; firstName: string; lastName: string },
): Promise<string> {
  const answer = await request.post('/api/invitations', {
    headers: { 'x-country': country, authorization: `Bearer ${token}` },
    data: invitee,
  });
  if (!answer.ok()) throw new Error(`invitación: ${answer.status()} ${await answer.text()}`);
  const { link } = (await answer.json()) as { link: string };
  return new URL(link).searchParams.get('invitacion') ?? '';
}

/** A patient as a doctor registers them through `POST /api/patients`. */
export interface PatientRecord {
  first_name: string;
  last_name: string;
  birth_date: string;
  /** `null` with `document_type_id`: a record the doctor left incomplete. */
  gender: string | null;
  email: string;
  document_type_id: number | null;
  document_number: string;
  country_code: string;
  phone_number: string;
  consent_attested: true;
}

/**
 * A Colombian patient's record for a setup step: the names are the test's, the rest valid filler that a test
 * overrides where it reads it back. The run's suffix (and the worker's process) keep the email and document unique.
 */
export function patientRecord(
  firstName: string,
  lastName: string,
  suffix: string,
  details: Partial<PatientRecord> = {},
): PatientRecord {
  const local = firstName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return {
    first_name: firstName,
    last_name: lastName,
    birth_date: '1985-03-03',
    gender: 'femenino',
    email: `${local}.${suffix}@correo.test`,
    document_type_id: 1,
    // Nine digits, as a cédula may have: the worker's last pid digit keeps two workers' same-millisecond runs apart.
    document_number: `${process.pid % 10}${suffix}`,
    country_code: '+57',
    phone_number: '3135550000',
    consent_attested: true,
    ...details,
  };
}

export interface CreatedPatient {
  patient: { id: number; complete: boolean };
  invitation: { link: string };
}

/** Setup: a doctor (by their session token) registers a patient; the server must accept it. */
export async function createPatient(
  request: APIRequestContext,
  country: string,
  token: string,
  record: PatientRecord,
): Promise<CreatedPatient> {
  const answer = await request.post('/api/patients', {
    headers: { 'x-country': country, authorization: `Bearer ${token}` },
    data: record,
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as CreatedPatient;
}

/** The same through a session of the doctor's own, ended afterwards. */
export function createPatientAs(
  request: APIRequestContext,
  country: string,
  doctor: string,
  record: PatientRecord,
): Promise<CreatedPatient> {
  return withApiSession(request, country, doctor, (token) => createPatient(request, country, token, record));
}

/** A product's id, found by its exact name in the catalogue the session's headers see. */
export async function productIdByName(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
): Promise<number> {
  const answer = await request.get('/api/products', { headers, params: { search: name } });
  const listed = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
  const product = listed.find((candidate) => candidate.name === name);
  expect(product, name).toBeDefined();
  return product!.id;
}

/** One product, one a day for `weeks` weeks: a tool as the prescription and template APIs take it. */
export function dailyTool(productId: number, weeks: number, indications = '', units = 1) {
  return {
    productId,
    momentsDay: [{ id: 1, quantity: 1 }],
    prescriptionDuration: { time: 'weeks', quantity: weeks },
    prescriptionIndications: indications,
    units,
  };
}
