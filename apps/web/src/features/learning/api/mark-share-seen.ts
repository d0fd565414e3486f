import type { ModuleLessons } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { learningKeys } from './query-keys.ts';

/** R13: `POST /api/courses/module/{id}/mark_share_seen/` → `{share_seen: true}` (the one-time share prompt). */
export async function markShareSeen(moduleId: string): Promise<{ share_seen: boolean }> {
  const { data } = await api.post<{ share_seen: boolean }>(
    `/api/courses/module/${encodeURIComponent(moduleId)}/mark_share_seen/`,
  );
  return data;
}

/** The prompt goes away at once; the module's cached data is updated rather than fetched again. */
export function useMarkShareSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShareSeen,
    onMutate: (moduleId) => {
      queryClient.setQueryData<ModuleLessons>(learningKeys.lessons(moduleId), (data) =>
        data ? { ...data, module: { ...data.module, share_seen: true } } : data,
      );
    },
  });
}
