import type { ChallengeDetail, ChallengeStartResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { challengeKeys } from './query-keys.ts';
import { useChallengeRefresh } from './refresh.ts';

export const FAILED_START = 'Failed to start the challenge.';

/** R15: `POST /api/challenges/{id}/start/` → `{started_at}`; idempotent (201 the first time, then 200). */
export async function startChallenge(id: string): Promise<ChallengeStartResponse> {
  const { data } = await api.post<ChallengeStartResponse>(`/api/challenges/${encodeURIComponent(id)}/start/`);
  return data;
}

/** Starting shows the steps at once (the status is set in the cache), then the data is refreshed. */
export function useStartChallenge() {
  const queryClient = useQueryClient();
  const refresh = useChallengeRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: startChallenge,
    onSuccess: async (_data, id) => {
      queryClient.setQueryData<ChallengeDetail>(challengeKeys.detail(id), (detail) =>
        detail && detail.status === 'not_started' ? { ...detail, status: 'in_progress' } : detail,
      );
      await refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, FAILED_START);
      if (text) show(text, 'error');
    },
  });
}
