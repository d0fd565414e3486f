import { LEARNING_MESSAGES, type LessonCompleteResponse } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useLearningRefresh } from './refresh.ts';

/** R13: `POST /api/courses/lesson/{id}/complete/` → points and what it completed. */
export async function completeLesson(lessonId: string): Promise<LessonCompleteResponse> {
  const { data } = await api.post<LessonCompleteResponse>(
    `/api/courses/lesson/${encodeURIComponent(lessonId)}/complete/`,
  );
  return data;
}

/** R8: 'Lesson completed successfully.' or 'Failed to complete the lesson.'; then the refresh of R4. */
export function useCompleteLesson() {
  const refresh = useLearningRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: completeLesson,
    onSuccess: async () => {
      show(LEARNING_MESSAGES.lessonCompleted, 'success');
      await refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, LEARNING_MESSAGES.failedCompleteLesson);
      if (text) show(text, 'error');
    },
  });
}
