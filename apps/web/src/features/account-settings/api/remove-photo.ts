import type { Profile } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import { useProfileRefresh } from './refresh.ts';

/** R12: `DELETE /api/users/profile/photo/` → the profile, back to the default avatar. */
export async function removePhoto(): Promise<Profile> {
  const { data } = await api.delete<Profile>('/api/users/profile/photo/');
  return data;
}

export function useRemovePhoto() {
  const refresh = useProfileRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: removePhoto,
    onSuccess: async (profile) => {
      show(ACCOUNT_MESSAGES.photoRemoved, 'success');
      await refresh(profile);
    },
    onError: (error) => {
      const text = actionErrorText(error, ACCOUNT_MESSAGES.photoRemoveFailed);
      if (text) show(text, 'error');
    },
  });
}
