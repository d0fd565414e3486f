import { COUPON_MESSAGES, type CouponRedeemResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { AFTER_AN_AWARD } from '@/domain/award-queries.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { OWN_PROFILE_QUERY_KEY } from '@/lib/own-profile.ts';
import { rewardCodeErrorText } from '@/domain/reward-code-error.ts';
import { AFFECTED_BY_PREMIUM, subscriptionKeys } from './query-keys.ts';

/** An upgrade code is a reward code: `POST /api/coupons/redeem/{code}/`, the code encoded (it is the learner's input). */
export async function redeemUpgradeCode(code: string): Promise<CouponRedeemResponse> {
  const { data } = await api.post<CouponRedeemResponse>(`/api/coupons/redeem/${encodeURIComponent(code)}/`);
  return data;
}

export interface UpgradeOutcome {
  severity: 'success' | 'error';
  text: string;
}

/** What the learner reads after a redemption: the premium it granted, or the points of a plain reward code. */
export function upgradeSuccessText(result: CouponRedeemResponse): string {
  if (result.premium_days === undefined) {
    return `${COUPON_MESSAGES.redeemed} It was a points code: you earned ${result.points_awarded} points.`;
  }
  const until = result.premium_until ? `until ${formatDateTime(result.premium_until)}` : 'with no end date';
  return `${COUPON_MESSAGES.redeemed} Premium is yours ${until}.`;
}

/** Redeems a code from the subscription page; the outcome is shown next to the form, never in a toast. */
export function useRedeemUpgradeCode(onOutcome: (outcome: UpgradeOutcome | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemUpgradeCode,
    onMutate: () => onOutcome(null),
    onSuccess: async (result) => {
      onOutcome({ severity: 'success', text: upgradeSuccessText(result) });
      const keys = [subscriptionKeys.status, OWN_PROFILE_QUERY_KEY, ...AFTER_AN_AWARD, ...AFFECTED_BY_PREMIUM];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      const text = rewardCodeErrorText(error);
      if (text) onOutcome({ severity: 'error', text });
    },
  });
}
