import type {
  LearnerSolves,
  PointsAdjustmentBody,
  PointsAdjustmentResult,
  ScoreboardStateBody,
  ScoreboardStatus,
  SolveRemovalBody,
  SolveRemovalResult,
} from '@bastion/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const SCOREBOARD_KEY = ['admin', 'scoreboard'] as const;

/** GET /api/admin/scoreboard/: live, frozen or hidden, since and until when. */
export function useScoreboardStatus() {
  return useQuery({
    queryKey: [...SCOREBOARD_KEY, 'status'],
    queryFn: async () => (await api.get<ScoreboardStatus>('/api/admin/scoreboard/')).data,
  });
}

/** GET /api/admin/scoreboard/solves/?username=: the challenges and quizzes the learner solved. */
export function useLearnerSolves(username: string | null) {
  return useQuery({
    queryKey: [...SCOREBOARD_KEY, 'solves', username],
    queryFn: async () => (await api.get<LearnerSolves>('/api/admin/scoreboard/solves/', { params: { username } })).data,
    enabled: Boolean(username),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** A scoreboard action: afterwards the state, the solves and the audit log are read again. */
function useScoreboardChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCOREBOARD_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const useSetScoreboardState = () =>
  useScoreboardChange(
    async (body: ScoreboardStateBody) => (await api.put<ScoreboardStatus>('/api/admin/scoreboard/', body)).data,
  );

export const useAdjustPoints = () =>
  useScoreboardChange(
    async (body: PointsAdjustmentBody) =>
      (await api.post<PointsAdjustmentResult>('/api/admin/scoreboard/adjustments/', body)).data,
  );

export const useRemoveSolve = () =>
  useScoreboardChange(
    async (body: SolveRemovalBody) =>
      (await api.post<SolveRemovalResult>('/api/admin/scoreboard/removals/', body)).data,
  );
