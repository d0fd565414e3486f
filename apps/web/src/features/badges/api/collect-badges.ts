import type { MarkBadgesSeenResponse, UnseenBadge } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { tokenStore } from '@/lib/session';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { badgeKeys } from './query-keys.ts';

export const COLLECT_MESSAGES = {
  collected: 'You have collected the badges.',
  failed: 'Error while collecting the badges.',
  noTokens: 'No authentication tokens available',
} as const;

export class MissingTokensError extends Error {
  constructor() {
    super(COLLECT_MESSAGES.noTokens);
  }
}

/** R14: `POST /api/badges/mark-all-seen/`, called 'collect' (R4). */
export async function collectBadges(): Promise<MarkBadgesSeenResponse> {
  if (!tokenStore.get()) throw new MissingTokensError();
  const { data } = await api.post<MarkBadgesSeenResponse>('/api/badges/mark-all-seen/');
  return data;
}

/**
 * R4/R8: success clears the unseen list (the dialog closes) with 'You have collected the badges.';
 * a failure is logged only and the dialog stays open; without tokens only 'No authentication tokens available' is logged.
 */
export function useCollectBadges() {
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: collectBadges,
    retry: (count, error) => !(error instanceof MissingTokensError) && count < 1,
    onSuccess: () => {
      queryClient.setQueryData<UnseenBadge[]>(badgeKeys.unseen(), []);
      void queryClient.invalidateQueries({ queryKey: badgeKeys.all, refetchType: 'none' });
      show(COLLECT_MESSAGES.collected, 'success');
    },
    onError: (error) => {
      if (error instanceof MissingTokensError) console.error(COLLECT_MESSAGES.noTokens);
      else console.error(COLLECT_MESSAGES.failed, error);
    },
  });
}
