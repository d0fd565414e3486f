import type {
  ContactItem,
  FeedbackItem,
  InboxEntry,
  InboxEntryKind,
  InboxHandled,
  InboxThread,
  Paged,
} from '@bastion/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export type InboxKind = 'feedback' | 'contact';
export interface InboxFilters {
  status: string;
  search: string;
  rating: string;
}
export const INBOX_PAGE_SIZE = 25;

/** GET /api/admin/inbox/{feedback|contact}/: open items by default, newest first. */
export async function getInbox<K extends InboxKind>(
  kind: K,
  filters: InboxFilters,
  page: number,
): Promise<Paged<K extends 'feedback' ? FeedbackItem : ContactItem>> {
  const chosen = Object.entries(filters).filter(([key, value]) => value && (kind === 'feedback' || key !== 'rating'));
  const { data } = await api.get(`/api/admin/inbox/${kind}/`, {
    params: { ...Object.fromEntries(chosen), page, page_size: INBOX_PAGE_SIZE },
  });
  return data;
}

/** `enabled`: only the list on screen is asked for. */
export function useInbox<K extends InboxKind>(kind: K, filters: InboxFilters, page: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: adminKeys.inbox(kind, { ...filters, page }),
    queryFn: () => getInbox(kind, filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/inbox/{kind}/{id}/handled/. */
export async function markHandled(kind: InboxKind, id: string): Promise<InboxHandled> {
  const { data } = await api.post<InboxHandled>(`/api/admin/inbox/${kind}/${encodeURIComponent(id)}/handled/`);
  return data;
}

export function useMarkHandled(kind: InboxKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markHandled(kind, id),
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** GET /api/admin/inbox/{kind}/{id}/thread/: the replies and notes beside an item (reading it is audited). */
export function useInboxThread(kind: InboxKind, id: string | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: adminKeys.inboxThread(kind, id ?? ''),
    queryFn: async () =>
      (await api.get<InboxThread>(`/api/admin/inbox/${kind}/${encodeURIComponent(id!)}/thread/`)).data,
    staleTime: 0,
  });
}

/** POST /api/admin/inbox/{kind}/{id}/replies/ (mailed to the sender) or …/notes/ (kept in the console only). */
export function useAddInboxEntry(kind: InboxKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entry, text }: { entry: InboxEntryKind; text: string }) => {
      const path = entry === 'reply' ? 'replies' : 'notes';
      const url = `/api/admin/inbox/${kind}/${encodeURIComponent(id)}/${path}/`;
      return (await api.post<InboxEntry>(url, { text })).data;
    },
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'inbox'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'inbox-thread'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
