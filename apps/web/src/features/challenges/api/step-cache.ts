import type { ChallengeContent, ChallengeStepView } from '@bastion/contract';
import type { QueryClient } from '@tanstack/react-query';
import { stepNumberOrNull } from '../lib/step-number.ts';
import { challengeKeys } from './query-keys.ts';

/**
 * Applies what an answer or a hint just told us to the cached steps, so the page changes at once; the
 * refetch that follows brings the server's own view.
 */
export function patchStep(
  queryClient: QueryClient,
  challengeId: string,
  order: number,
  patch: Partial<ChallengeStepView>,
): void {
  queryClient.setQueryData<ChallengeContent>(challengeKeys.content(challengeId), (content) => {
    if (!content) return content;
    const index = content.steps.findIndex((step) => stepNumberOrNull(step.order) === order);
    if (index < 0) return content;
    const steps = content.steps.map((step, at) => {
      if (at === index) return { ...step, ...patch };
      // A solved step opens the one after it, once its question is known: the server sends none for a locked
      // step, so that one stays locked until the refetch that follows brings it.
      if (patch.solved && at === index + 1 && step.question !== null) return { ...step, locked: false };
      return step;
    });
    return { ...content, steps };
  });
}
