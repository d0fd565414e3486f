import type { ChallengeAnswerResponse, ChallengeDetail } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { stepNumber } from '../lib/step-number.ts';
import { challengeKeys } from './query-keys.ts';
import { useChallengeRefresh } from './refresh.ts';
import { patchStep } from './step-cache.ts';

export interface StepAnswerInput {
  challengeId: string;
  /** The step's order: a number, or text of the form 'Step N'. */
  order: number | string;
  answer: string;
}

/** R15: `POST /api/challenges/{id}/step/{n}/ {answer}` → `{correct, detail, points_awarded, …}`. */
export async function submitStepAnswer({
  challengeId,
  order,
  answer,
}: StepAnswerInput): Promise<ChallengeAnswerResponse> {
  const n = stepNumber(order);
  const { data } = await api.post<ChallengeAnswerResponse>(
    `/api/challenges/${encodeURIComponent(challengeId)}/step/${n}/`,
    { answer },
  );
  return data;
}

/**
 * A right or wrong answer is a 200 shown in the step itself, as are refusals (not started, previous step
 * unsolved, too many wrong answers): the caller shows those. A correct answer solves the step, opens the
 * next and, on the last one, marks the challenge completed.
 */
export function useSubmitStepAnswer() {
  const queryClient = useQueryClient();
  const refresh = useChallengeRefresh();
  return useMutation({
    mutationFn: submitStepAnswer,
    onSuccess: (result, { challengeId, order }) => {
      if (!result.correct) return;
      patchStep(queryClient, challengeId, stepNumber(order), { solved: true, locked: false });
      if (result.challenge_completed) {
        queryClient.setQueryData<ChallengeDetail>(challengeKeys.detail(challengeId), (detail) =>
          detail
            ? { ...detail, status: 'completed', completion_id: result.completion_id ?? detail.completion_id }
            : detail,
        );
      }
      // In the background: the step has changed on screen already.
      void refresh();
    },
  });
}
