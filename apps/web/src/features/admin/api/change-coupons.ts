import type { CouponBatch, CouponSummary, CreateCouponBatchBody, CreateCouponBody } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /api/admin/coupons/: the CLI's `coupon create`. */
export async function createCoupon(body: CreateCouponBody): Promise<CouponSummary> {
  const { data } = await api.post<CouponSummary>('/api/admin/coupons/', body);
  return data;
}

/** POST /api/admin/coupons/batch/: many single-use codes with the same rules. */
export async function createCouponBatch(body: CreateCouponBatchBody): Promise<CouponBatch> {
  const { data } = await api.post<CouponBatch>('/api/admin/coupons/batch/', body);
  return data;
}

/** POST /api/admin/coupons/{id}/disable/: learners then get "not found" for it. */
export async function disableCoupon(id: string): Promise<CouponSummary> {
  const { data } = await api.post<CouponSummary>(`/api/admin/coupons/${encodeURIComponent(id)}/disable/`);
  return data;
}

function useCouponChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    retry: false,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const useCreateCoupon = () => useCouponChange(createCoupon);
export const useCreateCouponBatch = () => useCouponChange(createCouponBatch);
export const useDisableCoupon = () => useCouponChange(disableCoupon);
