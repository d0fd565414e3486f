import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface ChangePasswordBody {
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** `POST /api/users/change_password/ {old_password, new_password1, new_password2}` → `{detail}`; ends the other sessions. */
export async function changePassword(body: ChangePasswordBody): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/users/change_password/', body);
  return data;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
