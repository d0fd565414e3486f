import type { CouponSummary, Paged } from '@bastion/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

export const COUPONS_PAGE_SIZE = 25;

/** GET /api/admin/coupons/?page=: newest first, with their uses. */
export async function getCoupons(page: number): Promise<Paged<CouponSummary>> {
  const { data } = await api.get<Paged<CouponSummary>>('/api/admin/coupons/', {
    params: { page, page_size: COUPONS_PAGE_SIZE },
  });
  return data;
}

export function useCoupons(page: number) {
  return useQuery({
    queryKey: adminKeys.coupons(page),
    queryFn: () => getCoupons(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
