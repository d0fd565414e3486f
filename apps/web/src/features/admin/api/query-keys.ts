/** Every console query lives under ['admin'], so a console action can refresh what it changed. */
export const adminKeys = {
  all: ['admin'] as const,
  me: () => ['admin', 'me'] as const,
  audit: (query: Record<string, string | number>) => ['admin', 'audit', query] as const,
  learners: (query: Record<string, string | number>) => ['admin', 'learners', query] as const,
  learner: (id: string) => ['admin', 'learner', id] as const,
  coupons: (page: number) => ['admin', 'coupons', page] as const,
  redemptions: (id: string) => ['admin', 'redemptions', id] as const,
  broadcasts: (page: number) => ['admin', 'broadcasts', page] as const,
  inbox: (kind: string, query: Record<string, string | number>) => ['admin', 'inbox', kind, query] as const,
  inboxThread: (kind: string, id: string) => ['admin', 'inbox-thread', kind, id] as const,
  content: () => ['admin', 'content'] as const,
  sharedAnswers: (page: number) => ['admin', 'shared-answers', page] as const,
  quickSolvers: (page: number) => ['admin', 'quick-solves', page] as const,
  submissions: (query: Record<string, string | number>) => ['admin', 'submissions', query] as const,
};
