import type { SessionsRevoked } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionsKey } from './query-keys.ts';

/** `DELETE /api/users/sessions/{id}/` → `{detail, revoked}`: that device is signed out on its next call. */
export async function endSession(id: string): Promise<SessionsRevoked> {
  const { data } = await api.delete<SessionsRevoked>(`/api/users/sessions/${encodeURIComponent(id)}/`);
  return data;
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // Ended or already gone (404): either way the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
