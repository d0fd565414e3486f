import type { TwoFactorSetup } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/users/2fa/setup/` → a new secret `{secret, otpauth_url, qr_svg}`, pending until confirmed. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  const { data } = await api.post<TwoFactorSetup>('/api/users/2fa/setup/');
  return data;
}

/** Not retried: a second call would replace the key the learner may already be scanning. */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup, retry: false });
}
