import type { SessionsRevoked } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { sessionsKey } from './query-keys.ts';

/** `POST /api/users/sessions/revoke-others/` → `{detail, revoked}`: every session but this one ends. */
export async function endOtherSessions(): Promise<SessionsRevoked> {
  const { data } = await api.post<SessionsRevoked>('/api/users/sessions/revoke-others/');
  return data;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
