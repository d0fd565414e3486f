import { z } from 'zod';
import { paged, pathParam } from './common.ts';

/** Server texts of reward-code redemption (R14) and what the web app shows for them (R8). */
export const COUPON_MESSAGES = {
  redeemed: 'Reward code redeemed successfully!',
  alreadyUsed: 'Coupon already used.',
  expired: 'Coupon expired.',
  notEnoughPoints: 'Not enough points to redeem this coupon.',
  permissionDenied: 'Permission denied',
  premiumOnly: 'This reward code is only for Premium members. Upgrade your plan to use it.',
  notForYou: 'This reward code is not available for your account.',
  throttled: 'Too many reward code attempts. Please wait a few minutes before trying again.',
} as const;

/** R8: what the reward-code screen shows for each server answer. */
export const COUPON_TEXTS = {
  permissionDeniedFallback: 'You do not have permission to access this resource',
  notEnoughPoints: (required: number, yours: number) =>
    `You need ${required} points to redeem this code. You currently have ${yours} points.`,
  invalid: 'Invalid reward code. Please check and try again.',
  alreadyUsed: 'This reward code has already been used.',
  expired: 'This reward code has expired.',
  failed: 'Failed to redeem reward code. Please try again.',
} as const;

/**
 * The bounds of a reward code's numbers, for the console's form, its body and the CLI alike. `requiredPoints`: a
 * learner's total never passes 2^31 − 1 (what its column holds), so no code may ask for more.
 */
export const COUPON_LIMITS = {
  points: 100_000,
  premiumDays: 3660,
  requiredPoints: 2_147_483_647,
  maxUses: 2_147_483_647,
} as const;

/** Codes are stored upper-case: letters, digits, `-` and `_`. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** The service judges the code: an odd one is as unknown as a missing one (404). */
export const couponRedeemParams = z.object({ code: pathParam() });

/** `POST /api/coupons/redeem/{code}/` → 200. */
export const couponRedeemResponse = z.object({
  detail: z.string(),
  points_awarded: z.number().int(),
  total_points: z.number().int(),
  /** Only for an upgrade code: the premium days it granted, and the end of the learner's premium period now. */
  premium_days: z.number().int().optional(),
  premium_until: z.string().nullable().optional(),
});
export type CouponRedeemResponse = z.infer<typeof couponRedeemResponse>;

/** The 400/403 bodies of redemption: `error`, plus `message` (403) or the two point counts. */
export const couponErrorResponse = z.object({
  error: z.string(),
  message: z.string().optional(),
  required_points: z.number().int().optional(),
  your_points: z.number().int().optional(),
});
export type CouponErrorResponse = z.infer<typeof couponErrorResponse>;

/** `GET /api/coupons/history/`: the learner's redemptions, newest first. */
export const couponHistoryItem = z.object({
  code: z.string(),
  points: z.number().int(),
  redeemed_at: z.string(),
  /** Only for an upgrade code: the premium days it granted. */
  premium_days: z.number().int().optional(),
});
export type CouponHistoryItem = z.infer<typeof couponHistoryItem>;
export const couponHistoryResponse = paged(couponHistoryItem);
