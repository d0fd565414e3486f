import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /api/users/resend-verification/ {username_or_email}` → always 200 with one generic message. */
export async function resendVerification(usernameOrEmail: string): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>(
    '/api/users/resend-verification/',
    { username_or_email: usernameOrEmail },
    { skipAuth: true },
  );
  return data;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
