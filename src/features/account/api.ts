import { useMutation } from '@tanstack/react-query';
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

/**
 * The account's writes change the profile the session keeps (jotai), not a cached answer: each screen hands the
 * answer to its `onSaved`, and no query is invalidated.
 */
export function useUpdateProfile(country: CountryCode) {
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      authClient.request<ProfileDto>('/auth/profile', { method: 'PATCH', country, body: changes }),
  });
}

export function useUploadProfilePhoto(country: CountryCode) {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return authClient.upload<{ profile_image_url: string }>('/auth/profile/photo', form, {
        country,
        ...(onProgress ? { onProgress } : {}),
      });
    },
  });
}

interface AccessChanges {
  currentPassword: string;
  email?: string;
  newPassword?: string;
}

/** Changes the e-mail or the password (with the current password); settles with the profile as it is now. */
export function useChangeAccess(country: CountryCode) {
  return useMutation({
    mutationFn: async (changes: AccessChanges) => {
      await authClient.request<ProfileDto | null>('/auth/access', {
        method: 'POST',
        country,
        body: changes,
        // A wrong current password is the server's message to show, not an expired session.
        unauthorizedMeansExpiredSession: false,
      });
      return authClient.request<ProfileDto>('/auth/profile', { country });
    },
  });
}
