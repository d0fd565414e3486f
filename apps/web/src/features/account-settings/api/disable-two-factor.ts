import type { TwoFactorProofBody } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { twoFactorStatusKey } from './query-keys.ts';

/** `POST /api/users/2fa/disable/ {password, code}` → `{detail}`. */
export async function disableTwoFactor(body: TwoFactorProofBody): Promise<{ detail?: string }> {
  const { data } = await api.post<{ detail?: string }>('/api/users/2fa/disable/', body);
  return data;
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
