import { LEARNING_MESSAGES, type DetailResponse } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useLearningRefresh } from './refresh.ts';

/** R13: `POST /api/courses/enroll_course/{id}/` enrolls the course and its modules. */
export async function enrollCourse(courseId: string): Promise<DetailResponse> {
  const { data } = await api.post<DetailResponse>(`/api/courses/enroll_course/${encodeURIComponent(courseId)}/`);
  return data;
}

/** R8: 'You have enrolled in the course.' or 'Failed to enroll in the course.'; then the refresh of R4. */
export function useEnrollCourse() {
  const refresh = useLearningRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: enrollCourse,
    onSuccess: async () => {
      show(LEARNING_MESSAGES.courseEnrolled, 'success');
      await refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, LEARNING_MESSAGES.failedEnrollCourse);
      if (text) show(text, 'error');
    },
  });
}
