import type { Profile } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api, apiErrorBody } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { fieldErrors, hasFieldErrors } from '@/lib/field-errors.ts';
import { ACCOUNT_MESSAGES } from '../lib/messages.ts';
import { useProfileRefresh } from './refresh.ts';

/**
 * R12: `POST /api/users/profile/photo/`, multipart with the file in `photo` → the profile.
 * The browser sets the multipart content type with its boundary from the FormData body.
 */
export async function uploadPhoto(file: File): Promise<Profile> {
  const body = new FormData();
  body.append('photo', file, file.name);
  const { data } = await api.post<Profile>('/api/users/profile/photo/', body);
  return data;
}

/** The server's `{"photo": [...]}` (400, 413) is shown beside the picker; other failures as a snackbar. */
export function useUploadPhoto() {
  const refresh = useProfileRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (profile) => {
      show(ACCOUNT_MESSAGES.photoUpdated, 'success');
      await refresh(profile);
    },
    onError: (error) => {
      if (hasFieldErrors(fieldErrors(apiErrorBody(error), ['photo']))) return;
      const text = actionErrorText(error, ACCOUNT_MESSAGES.photoFailed);
      if (text) show(text, 'error');
    },
  });
}
