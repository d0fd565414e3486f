import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_ELSEWHERE, learningKeys } from './query-keys.ts';

/**
 * R4: enrollment, lesson completion and quiz submission refresh the lessons and courses data; the
 * navbar follows so the points update at once.
 */
export function useLearningRefresh() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: learningKeys.all }),
      ...AFFECTED_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ]);
  }, [queryClient]);
}
