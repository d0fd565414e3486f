import type { LearnerDetail } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** The operator's actions on an account: each answers the learner's page as it is afterwards. */
export type LearnerAction =
  | { kind: 'verify' | 'resend-verification' | 'password-reset' | '2fa-reset' | 'revoke-premium' }
  | { kind: 'grant-premium'; days: number | null }
  | { kind: 'staff'; isStaff: boolean }
  | { kind: 'active'; isActive: boolean };

export async function actOnLearner(id: string, action: LearnerAction): Promise<LearnerDetail> {
  const base = `/api/admin/learners/${encodeURIComponent(id)}`;
  const request = () => {
    switch (action.kind) {
      case 'grant-premium':
        return api.post<LearnerDetail>(`${base}/premium/`, { days: action.days });
      case 'revoke-premium':
        return api.delete<LearnerDetail>(`${base}/premium/`);
      case 'staff':
        return api.put<LearnerDetail>(`${base}/staff/`, { is_staff: action.isStaff });
      case 'active':
        return api.put<LearnerDetail>(`${base}/active/`, { is_active: action.isActive });
      default:
        return api.post<LearnerDetail>(`${base}/${action.kind}/`);
    }
  };
  return (await request()).data;
}

/** Runs an action once (no retry: each one changes something and is audited), then shows its answer. */
export function useLearnerAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LearnerAction) => actOnLearner(id, action),
    retry: false,
    onSuccess: (learner) => {
      queryClient.setQueryData(adminKeys.learner(id), learner);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'learners'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
