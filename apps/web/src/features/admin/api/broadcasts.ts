import type { BroadcastBody, BroadcastItem, BroadcastResult, Paged } from '@bastion/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const BROADCASTS_PAGE_SIZE = 25;

/** GET /api/admin/broadcasts/?page=: sent broadcasts, newest first. */
export async function getBroadcasts(page: number): Promise<Paged<BroadcastItem>> {
  const { data } = await api.get<Paged<BroadcastItem>>('/api/admin/broadcasts/', {
    params: { page, page_size: BROADCASTS_PAGE_SIZE },
  });
  return data;
}

export function useBroadcasts(page: number) {
  return useQuery({
    queryKey: adminKeys.broadcasts(page),
    queryFn: () => getBroadcasts(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/broadcasts/: to everyone, or to `username` only. */
export async function sendBroadcast(body: BroadcastBody): Promise<BroadcastResult> {
  const { data } = await api.post<BroadcastResult>('/api/admin/broadcasts/', body);
  return data;
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBroadcast,
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'broadcasts'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
