import { LEARNING_MESSAGES, type ModuleLessons, type QuizHintResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { actionErrorText } from '@/lib/api-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { learningKeys } from './query-keys.ts';

/** `POST /api/courses/quiz/{id}/hint/` → `{detail, hint, hint_cost}`; taken twice, it costs once. */
export async function takeQuizHint(quizId: string): Promise<QuizHintResponse> {
  const { data } = await api.post<QuizHintResponse>(`/api/courses/quiz/${encodeURIComponent(quizId)}/hint/`);
  return data;
}

/**
 * The hint shows in its quiz at once: the cached module view is patched rather than fetched again (a
 * hint changes nothing else). A failure says 'Failed to fetch hint.' with the server's reason.
 */
export function useTakeQuizHint() {
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: takeQuizHint,
    onSuccess: (result, quizId) => {
      queryClient.setQueriesData<ModuleLessons>({ queryKey: [...learningKeys.all, 'lessons'] }, (data) =>
        data
          ? {
              ...data,
              items: data.items.map((item) =>
                item.type === 'quiz' && item.id === quizId
                  ? { ...item, hint: result.hint, hint_used: item.hint_used || !item.solved }
                  : item,
              ),
            }
          : data,
      );
    },
    onError: (error) => {
      const text = actionErrorText(error, LEARNING_MESSAGES.failedFetchHint);
      if (text) show(text, 'error');
    },
  });
}
