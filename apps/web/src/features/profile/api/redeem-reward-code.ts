import { COUPON_MESSAGES, type CouponRedeemResponse } from '@bastion/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { playSound } from '@/lib/sounds.ts';
import { rewardCodeErrorText } from '@/domain/reward-code-error.ts';
import { AFFECTED_BY_REWARD_CODE } from './query-keys.ts';

/** R14: `POST /api/coupons/redeem/{code}/` (no payload). The code is encoded: it is the learner's input. */
export async function redeemRewardCode(code: string): Promise<CouponRedeemResponse> {
  const { data } = await api.post<CouponRedeemResponse>(`/api/coupons/redeem/${encodeURIComponent(code)}/`);
  return data;
}

export interface RedeemOutcome {
  severity: 'success' | 'error';
  text: string;
}

/**
 * R8: success shows 'Reward code redeemed successfully!' and refreshes everything the points touch
 * (the navbar first of all); a refusal shows its mapped text. `onOutcome` gets the same text for the
 * message under the form. A 401 shows nothing.
 */
export function useRedeemRewardCode(onOutcome: (outcome: RedeemOutcome | null) => void) {
  const queryClient = useQueryClient();
  const { show } = useSnackbar();
  return useMutation({
    mutationFn: redeemRewardCode,
    onMutate: () => onOutcome(null),
    onSuccess: async () => {
      show(COUPON_MESSAGES.redeemed, 'success');
      onOutcome({ severity: 'success', text: COUPON_MESSAGES.redeemed });
      playSound('success');
      await Promise.all(AFFECTED_BY_REWARD_CODE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      const text = rewardCodeErrorText(error);
      if (!text) return;
      show(text, 'error');
      playSound('error');
      onOutcome({ severity: 'error', text });
    },
  });
}
