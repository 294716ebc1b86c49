import { http, HttpResponse } from 'msw';
import type { ApiErrorBody } from '../../lib/shared/api-types';
import {
  HEALTH_CONSENT_TEXTS,
  HEALTH_CONSENT_TITLE,
  WRONG_PASSWORD_MESSAGE,
  type HealthConsentDto,
} from '../../lib/shared/privacy';
import { TEST_API } from '../api-url';
import { formRefusal } from './http-shapes';

/** The fake server's consent of the signed-in user and what the data page asked it; reset after each test. */
export const privacyFixtures = {
  consent: currentConsent(),
  deleted: false,
  /** The password the fake account has. */
  password: 'Clave12345',
};

export function currentConsent(overrides: Partial<HealthConsentDto> = {}): HealthConsentDto {
  return {
    state: 'current',
    country: 'co',
    version: 1,
    title: HEALTH_CONSENT_TITLE,
    text: HEALTH_CONSENT_TEXTS.co,
    acceptedVersion: 1,
    acceptedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function resetPrivacyFixtures() {
  privacyFixtures.consent = currentConsent();
  privacyFixtures.deleted = false;
}

export const privacyHandlers = [
  http.get(`${TEST_API}/privacy/consent`, () => HttpResponse.json(privacyFixtures.consent)),
  http.post(`${TEST_API}/privacy/consent`, async ({ request }) => {
    const { version } = (await request.json()) as { version: number };
    if (version !== privacyFixtures.consent.version) {
      return HttpResponse.json<ApiErrorBody>({ message: 'El texto cambió.' }, { status: 409 });
    }
    privacyFixtures.consent = currentConsent({
      version,
      acceptedVersion: version,
      acceptedAt: '2026-11-20T10:00:00.000Z',
    });
    return HttpResponse.json(privacyFixtures.consent);
  }),
  http.post(`${TEST_API}/privacy/consent/revoke`, () => {
    privacyFixtures.consent = currentConsent({ state: 'revoked', acceptedVersion: null, acceptedAt: null });
    return HttpResponse.json(privacyFixtures.consent);
  }),
  http.post(`${TEST_API}/privacy/delete-account`, async ({ request }) => {
    const { password } = (await request.json()) as { password: string };
    if (password !== privacyFixtures.password) {
      return formRefusal([{ field: 'password', message: WRONG_PASSWORD_MESSAGE }], { message: WRONG_PASSWORD_MESSAGE });
    }
    privacyFixtures.deleted = true;
    return HttpResponse.json({ keptOrders: 1, keptPrescriptions: 0 });
  }),
];
