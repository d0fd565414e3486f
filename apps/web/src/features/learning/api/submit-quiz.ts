import { LEARNING_MESSAGES, type QuizAnswerResponse } from '@bastion/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { actionErrorText } from '@/lib/api-errors.ts';
import { throttledAnswerText } from '@/domain/answer-wait.ts';
import { useLearningRefresh } from './refresh.ts';

export interface SubmitQuizInput {
  quizId: string;
  answer: string;
}

/** R13: `POST /api/courses/quiz/{id}/submit_answer/ {answer}` → `{correct, detail, points_awarded, …}`. */
export async function submitQuiz({ quizId, answer }: SubmitQuizInput): Promise<QuizAnswerResponse> {
  const { data } = await api.post<QuizAnswerResponse>(
    `/api/courses/quiz/${encodeURIComponent(quizId)}/submit_answer/`,
    {
      answer,
    },
  );
  return data;
}

/**
 * A right or wrong answer is a 200 shown beside the quiz; only a failed call uses the snackbar
 * ('Failed to submit the quiz.', R8). Either answer refreshes the learning data (R4). The
 * refresh is not awaited: a solved quiz replaces its answer form, and the verdict must reach the form's
 * own callback before that happens.
 */
export function useSubmitQuiz() {
  const refresh = useLearningRefresh();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: submitQuiz,
    onSuccess: () => {
      void refresh();
    },
    onError: (error) => {
      const text = actionErrorText(error, LEARNING_MESSAGES.failedSubmitQuiz);
      if (text) show(throttledAnswerText(text, error), 'error');
    },
  });
}
