import type { SubscriptionStatus } from '@bastion/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { subscriptionKeys } from './query-keys.ts';

/** R16: `GET /api/subscription/` → premium status, the plans and whether online payment is on. */
export async function getSubscription(): Promise<SubscriptionStatus> {
  const { data } = await api.get<SubscriptionStatus>('/api/subscription/');
  return data;
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: subscriptionKeys.status, queryFn: getSubscription });
}

/** Stripe confirms a payment by webhook, usually seconds after the learner is back: ask again meanwhile. */
export const CONFIRMATION_POLL_MS = 3_000;
export const CONFIRMATION_POLLS = 10;

/** After a paid checkout, while premium has not shown yet and the polls are not used up. */
export function awaitingConfirmation(state: { data?: SubscriptionStatus; dataUpdateCount: number }): boolean {
  return state.data?.is_premium === false && state.dataUpdateCount <= CONFIRMATION_POLLS;
}

/** The status; with `awaitPremium` (back from a paid checkout) it is asked again until premium shows. */
export function useSubscription({ awaitPremium = false }: { awaitPremium?: boolean } = {}) {
  return useQuery({
    ...subscriptionQueryOptions(),
    refetchInterval: (query) => (awaitPremium && awaitingConfirmation(query.state) ? CONFIRMATION_POLL_MS : false),
  });
}
