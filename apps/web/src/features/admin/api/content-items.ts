import type { ContentItem, ContentItems, ContentOverrideBody } from '@bastion/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const ITEMS_KEY = ['admin', 'content', 'items'] as const;

/** GET /api/admin/content/items/: every item with its content values and override. */
export function useContentItems() {
  return useQuery({
    queryKey: ITEMS_KEY,
    queryFn: async () => (await api.get<ContentItems>('/api/admin/content/items/')).data.results,
  });
}

export type OverrideChange = { id: string; body: ContentOverrideBody } | { id: string; clear: true };

/** Sets or clears an item's override; afterwards the items and the audit log are read again. */
export function useChangeOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: OverrideChange) => {
      const url = `/api/admin/content/items/${change.id}/override/`;
      return 'clear' in change
        ? (await api.delete<ContentItem>(url)).data
        : (await api.put<ContentItem>(url, change.body)).data;
    },
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
