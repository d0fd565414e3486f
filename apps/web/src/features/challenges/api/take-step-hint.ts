import { CHALLENGE_MESSAGES, type ChallengeHintResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { stepNumber } from '../lib/step-number.ts';
import { useChallengeRefresh } from './refresh.ts';
import { patchStep } from './step-cache.ts';

export interface StepHintInput {
  challengeId: string;
  order: number | string;
}

/** R15: `POST /api/challenges/{id}/step/{n}/hint/` → `{detail, hint, hint_cost}`; taken twice, it costs once. */
export async function takeStepHint({ challengeId, order }: StepHintInput): Promise<ChallengeHintResponse> {
  const n = stepNumber(order);
  const { data } = await api.post<ChallengeHintResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}/step/${n}/hint/`,
  );
  return data;
}

/** R8: 'Hint fetched successfully.' or 'Failed to fetch hint.'; the hint then shows in its step. */
export function useTakeStepHint() {
  const queryClient = useQueryClient();
  const refresh = useChallengeRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: takeStepHint,
    onSuccess: (result, { challengeId, order }) => {
      show(CHALLENGE_MESSAGES.hintFetched, 'success');
      patchStep(queryClient, challengeId, stepNumber(order), { hint: result.hint, hint_used: true });
      // In the background: the step has changed on screen already.
      void refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, CHALLENGE_MESSAGES.failedFetchHint);
      if (text) show(text, 'error');
    },
  });
}
