import type { TwoFactorSetup, TwoFactorSetupBody } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * `POST /api/users/2fa/setup/ {password}` → a new secret `{secret, otpauth_url, qr_svg}`, pending until confirmed;
 * a wrong password → 400 `{password: [...]}`.
 */
export async function startTwoFactorSetup(body: TwoFactorSetupBody): Promise<TwoFactorSetup> {
  const { data } = await api.post<TwoFactorSetup>('/api/users/2fa/setup/', body);
  return data;
}

/** Not retried: a second call would replace the key the learner may already be scanning. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup, retry: false });
}
