import type { RecoveryCodes, TwoFactorProofBody } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { twoFactorStatusKey } from './query-keys.ts';

/** `POST /api/users/2fa/recovery-codes/ {password, code}` → a new set `{recovery_codes}`; the old ones stop working. */
export async function regenerateRecoveryCodes(body: TwoFactorProofBody): Promise<RecoveryCodes> {
  const { data } = await api.post<RecoveryCodes>('/api/users/2fa/recovery-codes/', body);
  return data;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
  });
}
