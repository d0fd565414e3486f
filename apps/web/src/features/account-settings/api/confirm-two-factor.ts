import type { RecoveryCodes, TwoFactorConfirmBody } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { twoFactorStatusKey } from './query-keys.ts';

/**
 * `POST /api/users/2fa/confirm/ {password, code}` → `{recovery_codes}`: two-factor sign-in is on; the codes are
 * shown once.
 */
export async function confirmTwoFactor(body: TwoFactorConfirmBody): Promise<RecoveryCodes> {
  const { data } = await api.post<RecoveryCodes>('/api/users/2fa/confirm/', body);
  return data;
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
