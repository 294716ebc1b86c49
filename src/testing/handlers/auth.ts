import { http, HttpResponse } from 'msw';
import {
  ROLE_IDS,
  type LoginResponseDto,
  type ProfileDto,
  type Role,
  type ValidateResponseDto,
} from '../../lib/shared/accounts';
import { TEST_API } from '../api-url';

export const TEST_PASSWORD = 'Clave1234';

export function buildProfile(overrides: Partial<ProfileDto> & { role?: ProfileDto['role'] } = {}): ProfileDto {
  const roleName: Role = overrides.role?.name ?? 'doctor';
  return {
    id: 10,
    uid: 'uid-doctor-0000000000000001',
    email: 'medico.co@demo.test',
    display_name: 'Carolina Mejía',
    first_name: 'Carolina',
    last_name: 'Mejía',
    birth_date: '1985-04-12',
    gender: 'femenino',
    document_type_id: 1,
    document_number: '52345671',
    phone_number: '3101000001',
    specialty: 'Medicina funcional',
    country_code: '+57',
    professional_license_number: 'RM-52345671',
    purchase_level_id: 1,
    country_id: 1,
    doctor_id: null,
    role_id: ROLE_IDS[roleName],
    role: { id: ROLE_IDS[roleName], name: roleName },
    required_change_password: false,
    profile_image_url: null,
    approval_status: 'approved',
    ecosystems: ['dispensario'],
    ...overrides,
  };
}

/** Accounts the fake authentication service knows; tests add their own with `server.use`. */
export const knownProfiles: ProfileDto[] = [
  buildProfile(),
  buildProfile({
    id: 11,
    uid: 'uid-patient-000000000000001',
    email: 'paciente.co@demo.test',
    display_name: 'Mariana Gómez',
    first_name: 'Mariana',
    last_name: 'Gómez',
    document_number: '52345674',
    role: { id: ROLE_IDS.patient, name: 'patient' },
    doctor_id: 10,
  }),
  buildProfile({
    id: 1,
    uid: 'uid-admin-00000000000000001',
    email: 'admin@demo.test',
    display_name: 'Laura Restrepo',
    first_name: 'Laura',
    last_name: 'Restrepo',
    document_number: '1020304050',
    specialty: null,
    professional_license_number: null,
    role: { id: ROLE_IDS.admin, name: 'admin' },
  }),
];

/**
 * The fake browser's session cookies, by country: the real server sets them HttpOnly, so the page never sends a token
 * and the fake server recognises the caller by the request's country (`x-country`).
 */
const cookies = new Map<string, ProfileDto>();

/** Makes the fake server hold a session of `profile` in `country`, as after a login in an earlier visit. */
export function acceptSession(country: string, profile: ProfileDto): void {
  cookies.set(country, profile);
}

/** The token of the one reset link the fake server e-mailed, and what was asked of it. */
export const TEST_RESET_TOKEN = 'enlace-de-prueba-000000000000000000001';
export const resetFixtures = { requested: [] as string[], confirmed: [] as string[] };

export function resetAuthFixtures(): void {
  cookies.clear();
  resetFixtures.requested = [];
  resetFixtures.confirmed = [];
}

/** The profile whose session cookie the request carries, if any. */
export function sessionOf(request: Request): ProfileDto | undefined {
  return cookies.get(request.headers.get('x-country') ?? 'co');
}

/** Whether the request carries a session cookie (the other resources' handlers ask this). */
export function signedIn(request: Request): boolean {
  return sessionOf(request) !== undefined;
}

function loginAnswer(profile: ProfileDto, country: string): LoginResponseDto {
  const sessionToken = `token-${profile.uid}-${country}`;
  cookies.set(country, profile);
  return {
    sessionToken,
    id: profile.id,
    uid: profile.uid,
    email: profile.email,
    display_name: profile.display_name,
    role: profile.role,
    ecosystems: profile.ecosystems,
    country,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    profile,
  };
}

/** A login by password: `identifies` tells whether a known profile is the one the body names. */
function passwordLogin<Body extends { password?: string }>(
  path: string,
  identifies: (profile: ProfileDto, body: Body) => boolean,
  refusal: string,
) {
  return http.post(`${TEST_API}${path}`, async ({ request }) => {
    const body = (await request.json()) as Body;
    const profile = knownProfiles.find((candidate) => identifies(candidate, body));
    if (!profile || body.password !== TEST_PASSWORD) {
      return HttpResponse.json({ message: refusal }, { status: 401 });
    }
    return HttpResponse.json(loginAnswer(profile, request.headers.get('x-country') ?? 'co'));
  });
}

export const authHandlers = [
  passwordLogin<{ email?: string; password?: string }>(
    '/auth/email-login',
    (profile, body) => profile.email === body.email,
    'Correo o contraseña incorrectos.',
  ),
  passwordLogin<{ document?: string; password?: string }>(
    '/auth/document-login',
    (profile, body) => profile.document_number === body.document,
    'Documento o contraseña incorrectos.',
  ),
  http.get(`${TEST_API}/auth/sso/validate`, ({ request }) => {
    const profile = sessionOf(request);
    if (!profile) return HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });
    return HttpResponse.json<ValidateResponseDto>({
      valid: true,
      ecosystems: profile.ecosystems,
      user: profile,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
  }),
  http.get(`${TEST_API}/auth/profile`, ({ request }) => {
    const profile = sessionOf(request);
    if (!profile) return HttpResponse.json({ message: 'Sesión inválida' }, { status: 401 });
    return HttpResponse.json(profile);
  }),
  http.post(`${TEST_API}/auth/password-reset/request`, async ({ request }) => {
    const body = (await request.json()) as { email?: string };
    resetFixtures.requested.push(String(body.email));
    return HttpResponse.json({
      message: 'Si el correo corresponde a una cuenta, te enviamos un enlace para crear una nueva contraseña.',
    });
  }),
  http.post(`${TEST_API}/auth/password-reset/confirm`, async ({ request }) => {
    const body = (await request.json()) as { token?: string; password?: string };
    if (body.token !== TEST_RESET_TOKEN || resetFixtures.confirmed.length > 0) {
      const message = 'El enlace para restablecer la contraseña no es válido, ya se usó o expiró. Pide uno nuevo.';
      return HttpResponse.json({ message, errors: [message] }, { status: 400 });
    }
    resetFixtures.confirmed.push(String(body.password));
    // Every session of the account ends.
    cookies.clear();
    return HttpResponse.json({ message: 'Tu contraseña se actualizó y cerramos las sesiones abiertas.' });
  }),
  http.post(`${TEST_API}/auth/logout`, ({ request }) => {
    cookies.delete(request.headers.get('x-country') ?? 'co');
    return new HttpResponse(null, { status: 204 });
  }),
];
