import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ConfirmPasswordResetBody {
  uidb64: string;
  token: string;
  new_password1: string;
  new_password2: string;
}

/** `POST /api/users/password-reset/confirm/ {uidb64, token, new_password1, new_password2}` → 200; ends every session. */
export async function confirmPasswordReset(body: ConfirmPasswordResetBody): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/users/password-reset/confirm/', body, { skipAuth: true });
  return data;
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
