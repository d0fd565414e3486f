import type { SignupBody } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** `POST /api/users/signup/` with the sign-up payload → `201 {detail}`. */
export async function signup(body: SignupBody): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/api/users/signup/', body, { skipAuth: true });
  return data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
