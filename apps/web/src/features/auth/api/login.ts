import type { LoginAnswer, LoginBody, TwoFactorChallenge } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /api/users/login/ {username, password, recaptchaToken}` → `{access, refresh}`, or
 * `{two_factor_required: true, ticket, expires_in}` for an account with two-factor sign-in.
 */
export async function login(body: Required<LoginBody>): Promise<LoginAnswer> {
  const { data } = await api.post<LoginAnswer>('/api/users/login/', body, { skipAuth: true });
  return data;
}

export function isTwoFactorChallenge(answer: LoginAnswer): answer is TwoFactorChallenge {
  return (answer as Partial<TwoFactorChallenge>).two_factor_required === true;
}

/** Never retried: each captcha solution is accepted once, so a retry could only fail with the captcha message. */
export function useLogin() {
  return useMutation({ mutationFn: login, retry: false });
}
