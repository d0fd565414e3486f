import type { Profile } from '@bastion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_ELSEWHERE, ownProfileKey } from './query-keys.ts';

/**
 * After a change to the profile or its photo: the answer goes into the cache at once (the form and the
 * preview show it without a flash), then the own profile and what shows it elsewhere (navbar avatar) refetch.
 */
export function useProfileRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    async (profile?: Profile) => {
      if (profile) queryClient.setQueryData(ownProfileKey, profile);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownProfileKey }),
        ...AFFECTED_ELSEWHERE.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    [queryClient],
  );
}
