import type { LoginSecondStepBody, TokenPair } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /api/users/login/2fa/ {ticket, code}` → `{access, refresh}`. A wrong code answers `400 {"code": […]}`,
 * an expired or used ticket `400 {"detail"}`, too many tries 429.
 */
export async function loginSecondStep(body: LoginSecondStepBody): Promise<TokenPair> {
  const { data } = await api.post<TokenPair>('/api/users/login/2fa/', body, { skipAuth: true });
  return data;
}

/** Never retried: a code is checked once, and a retried wrong code would only count against the throttle. */
export function useLoginSecondStep() {
  return useMutation({ mutationFn: loginSecondStep, retry: false });
}
