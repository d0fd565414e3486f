import type { ChallengeDetail } from '@bastion/contract';
import { useCallback } from 'react';
import { useStartChallenge } from './start-challenge.ts';

/** Whether the learner has started a challenge, and the start their first answer or hint makes. */
export interface ChallengeStart {
  started: boolean;
  pending: boolean;
  /** Starts the challenge unless it is started: true once it is, false when the start failed (its snackbar said why). */
  ensure(): Promise<boolean>;
}

/**
 * The server takes answers and hints once a challenge is started: a learner who answers step 1 straight
 * away (having worked in the lab first) starts it with that answer instead of meeting a refusal.
 */
export function useStartFirst(challenge: Pick<ChallengeDetail, 'id' | 'status'>): ChallengeStart {
  const { mutateAsync, isPending } = useStartChallenge();
  const started = challenge.status !== 'not_started';
  const { id } = challenge;
  const ensure = useCallback(async () => {
    if (started) return true;
    try {
      await mutateAsync(id);
      return true;
    } catch {
      return false;
    }
  }, [mutateAsync, id, started]);
  return { started, pending: isPending, ensure };
}
