import { LEARNING_MESSAGES, type DetailResponse } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useLearningRefresh } from './refresh.ts';

/** R13: `POST /api/courses/enroll_module/{id}/`. */
export async function enrollModule(moduleId: string): Promise<DetailResponse> {
  const { data } = await api.post<DetailResponse>(`/api/courses/enroll_module/${encodeURIComponent(moduleId)}/`);
  return data;
}

/** R8: 'You have enrolled in the module.' or 'Failed to enroll in the module.'; then the refresh of R4. */
export function useEnrollModule() {
  const refresh = useLearningRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: enrollModule,
    onSuccess: async () => {
      show(LEARNING_MESSAGES.moduleEnrolled, 'success');
      await refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, LEARNING_MESSAGES.failedEnrollModule);
      if (text) show(text, 'error');
    },
  });
}
