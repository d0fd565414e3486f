import type { CouponHistoryItem, Paged } from '@bastion/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './query-keys.ts';

/** R14: `GET /api/coupons/history/?page=` → a page of the reward codes the learner redeemed. */
export async function getRewardHistory(page: number): Promise<Paged<CouponHistoryItem>> {
  const { data } = await api.get<Paged<CouponHistoryItem>>('/api/coupons/history/', { params: { page } });
  return data;
}

export function rewardHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.rewardHistory(page),
    queryFn: () => getRewardHistory(page),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useRewardHistory(page: number) {
  return useQuery(rewardHistoryQueryOptions(page));
}
