import { MESSAGES, type Profile, type PublicProfileSettings } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiErrorStatus } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { ownProfileKey } from './query-keys.ts';

/** R12: `PATCH /api/users/profile/update-public/` with any subset of the settings → all the settings. */
export async function updatePublicSettings(patch: Partial<PublicProfileSettings>): Promise<PublicProfileSettings> {
  const { data } = await api.patch<PublicProfileSettings>('/api/users/profile/update-public/', patch);
  return data;
}

/**
 * R8: 'Public profile settings updated successfully.' or 'Failed to update public profile settings.',
 * word for word; a 401 shows nothing (the session ends and the app goes to /login).
 */
export function useUpdatePublicSettings() {
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: updatePublicSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData<Profile>(ownProfileKey, (profile) =>
        profile ? { ...profile, public_profile: settings } : profile,
      );
      show(MESSAGES.publicProfileUpdated, 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownProfileKey }),
        queryClient.invalidateQueries({ queryKey: ['public-profile'] }),
      ]);
    },
    onError: (error) => {
      if (apiErrorStatus(error) === 401) return;
      show(MESSAGES.publicProfileFailed, 'error');
    },
  });
}
