import type { TerminalContent } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { terminalKey } from './query-keys.ts';

/** R13: `GET /api/courses/quiz/{id}/terminal_content/` → the recorded session and the file tree. */
export async function getTerminalContent(quizId: string): Promise<TerminalContent> {
  const { data } = await api.get<TerminalContent>(`/api/courses/quiz/${encodeURIComponent(quizId)}/terminal_content/`);
  return data;
}

export function terminalContentQueryOptions(quizId: string) {
  return queryOptions({
    queryKey: terminalKey(quizId),
    queryFn: () => getTerminalContent(quizId),
    staleTime: Infinity,
  });
}

export function useTerminalContent(quizId: string) {
  return useQuery(terminalContentQueryOptions(quizId));
}
