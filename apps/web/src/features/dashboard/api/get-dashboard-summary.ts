import type { DashboardSummary } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** Learning and challenge actions refresh the ['dashboard'] prefix. */
export const dashboardKeys = { summary: () => ['dashboard', 'summary'] as const };

/** R14: `GET /api/dashboard/summary/`. */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  const { data } = await api.get<DashboardSummary>('/api/dashboard/summary/');
  return data;
}

export function dashboardSummaryQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
