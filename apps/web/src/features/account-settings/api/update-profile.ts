import type { Profile } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api, apiErrorBody } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { fieldErrors, hasFieldErrors } from '@/lib/field-errors.ts';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import { useProfileRefresh } from './refresh.ts';

/** The fields `PATCH /api/users/profile/` accepts (R12, `profilePatchBody`). */
export const PROFILE_FIELDS = ['first_name', 'last_name', 'country', 'bio', 'timezone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfilePatch = Partial<Pick<Profile, ProfileField>>;

/** R12: `PATCH /api/users/profile/` with any subset of the editable fields → the whole profile. */
export async function updateProfile(patch: ProfilePatch): Promise<Profile> {
  const { data } = await api.patch<Profile>('/api/users/profile/', patch);
  return data;
}

/** Field errors are for the form to show under its fields; anything else is a snackbar (none on a 401). */
export function useUpdateProfile() {
  const refresh = useProfileRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      show(ACCOUNT_MESSAGES.profileUpdated, 'success');
      await refresh(profile);
    },
    onError: (error) => {
      if (hasFieldErrors(fieldErrors(apiErrorBody(error), PROFILE_FIELDS))) return;
      const text = actionErrorText(error, ACCOUNT_MESSAGES.profileFailed);
      if (text) show(text, 'error');
    },
  });
}
