import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_ELSEWHERE, challengeKeys } from './query-keys.ts';

/** R4: after a start, an answer or a hint, the challenge data and the points shown elsewhere are refreshed. */
export function useChallengeRefresh() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: challengeKeys.all }),
      ...AFFECTED_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  }, [queryClient]);
}
