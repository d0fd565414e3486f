import type { LoginBody, TokenPair } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/users/login/ {username, password, recaptchaToken}` → `{access, refresh}`. */
export async function login(body: Required<LoginBody>): Promise<TokenPair> {
  const { data } = await api.post<TokenPair>('/api/users/login/', body, { skipAuth: true });
  return data;
}

/** Never retried: each captcha solution is accepted once, so a retry could only fail with the captcha message. */
export function useLogin() {
  return useMutation({ mutationFn: login, retry: false });
}
