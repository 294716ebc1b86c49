import { authClient } from '../../lib/http';
import type { ProfileDto } from '../../lib/shared/accounts';
import type { CountryCode } from '../../lib/shared/countries';

export type ProfileChanges = Partial<
  Pick<
    ProfileDto,
    | 'first_name'
    | 'last_name'
    | 'birth_date'
    | 'gender'
    | 'phone_number'
    | 'country_code'
    | 'specialty'
    | 'professional_license_number'
  >
>;

export function updateProfile(country: CountryCode, changes: ProfileChanges) {
  return authClient.request<ProfileDto>('/auth/profile', { method: 'PATCH', country, body: changes });
}

export function uploadProfilePhoto(country: CountryCode, file: File, onProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return authClient.upload<{ profile_image_url: string }>('/auth/profile/photo', form, {
    country,
    ...(onProgress ? { onProgress } : {}),
  });
}

export interface AccessChanges {
  currentPassword: string;
  email?: string;
  newPassword?: string;
}

export function changeAccess(country: CountryCode, changes: AccessChanges) {
  return authClient.request<ProfileDto | null>('/auth/access', {
    method: 'POST',
    country,
    body: changes,
    // A wrong current password is the server's message to show, not an expired session.
    unauthorizedMeansExpiredSession: false,
  });
}

export function fetchProfile(country: CountryCode) {
  return authClient.request<ProfileDto>('/auth/profile', { country });
}
