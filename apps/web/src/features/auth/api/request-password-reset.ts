import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /api/users/password-reset/ {email}` → always 200 with one generic message. */
export async function requestPasswordReset(email: string): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/users/password-reset/', { email }, { skipAuth: true });
  return data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
