import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface FeedbackInput {
  content: string;
  rating: number;
}

/** R7: POST /api/feedback/create/ {content, rating}. */
export async function createFeedback(input: FeedbackInput): Promise<{ detail: string }> {
  const { data } = await api.post<{ detail: string }>('/api/feedback/create/', input);
  return data;
}

export function useCreateFeedback() {
  return useMutation({ mutationFn: createFeedback });
}
