import { z } from 'zod';
import { COUPON_LIMITS } from './coupons.ts';
import { couponSummary } from './admin.ts';
import { line } from './text.ts';

/** How many codes one batch makes: a class, a cohort, an event's attendees. */
export const COUPON_BATCH_LIMITS = { min: 1, max: 500, prefixLength: 16 } as const;

/** A batch's codes: the prefix, a hyphen, then this many characters without look-alikes (no 0, O, 1 or I). */
export const COUPON_BATCH_RANDOM_LENGTH = 10;

const count = `Enter a whole number of codes from ${COUPON_BATCH_LIMITS.min} to ${COUPON_BATCH_LIMITS.max}.`;
const whole = (what: string, min: number, max: number) => {
  const message = `Enter a whole number of ${what} from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/**
 * `POST /api/admin/coupons/batch/`: `count` single-use codes with the same rules, each for one learner. An
 * upgrade batch grants `premium_days`; a reward batch grants `points` (`coupon create`'s rules apply).
 */
export const createCouponBatchBody = z.object({
  count: z.number({ error: count }).int(count).min(COUPON_BATCH_LIMITS.min, count).max(COUPON_BATCH_LIMITS.max, count),
  prefix: line()
    .trim()
    .toUpperCase()
    .regex(
      new RegExp(`^[A-Z0-9]{0,${COUPON_BATCH_LIMITS.prefixLength}}$`),
      `Use up to ${COUPON_BATCH_LIMITS.prefixLength} letters and digits.`,
    )
    .optional(),
  points: whole('points', 0, COUPON_LIMITS.points).optional(),
  premium_days: whole('days', 1, COUPON_LIMITS.premiumDays).nullable().optional(),
  required_points: whole('points', 0, COUPON_LIMITS.points).optional(),
  expires: line().trim().max(40).nullable().optional(),
  premium_only: z.boolean().optional(),
});
export type CreateCouponBatchBody = z.infer<typeof createCouponBatchBody>;

/** The batch's codes, in the order they were made. */
export const couponBatchResponse = z.object({ count: z.number().int(), codes: z.array(couponSummary) });
export type CouponBatch = z.infer<typeof couponBatchResponse>;
