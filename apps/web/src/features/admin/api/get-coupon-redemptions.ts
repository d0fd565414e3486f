import type { CouponRedemptionRow } from '@bastion/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { adminKeys } from './query-keys.ts';

/** GET /api/admin/coupons/{id}/redemptions/: who redeemed the code, newest first. */
export async function getCouponRedemptions(id: string): Promise<CouponRedemptionRow[]> {
  const { data } = await api.get<CouponRedemptionRow[]>(`/api/admin/coupons/${encodeURIComponent(id)}/redemptions/`);
  return data;
}

export function useCouponRedemptions(id: string | null) {
  return useQuery({
    queryKey: adminKeys.redemptions(id ?? ''),
    queryFn: () => getCouponRedemptions(id!),
    enabled: id !== null,
    staleTime: 0,
  });
}
