import type { SubscriptionPlan, SubscriptionStatus } from '@bastion/contract';

export { INTERVAL_LABELS, planPrice } from '@/domain/plan-price.ts';

/** A plan with a price and an interval is bought through checkout; the free plan is what everyone has. */
export const isPaidPlan = (plan: SubscriptionPlan): boolean => plan.price > 0 && plan.interval !== null;

/** The plan the learner is on now: the paid one while premium, otherwise the free one. */
export function isCurrentPlan(plan: SubscriptionPlan, status: SubscriptionStatus): boolean {
  return status.is_premium ? isPaidPlan(plan) : !isPaidPlan(plan);
}

export const SOURCE_LABELS = {
  stripe: 'Paid subscription',
  operator: 'Granted by an administrator',
  code: 'An upgrade code you redeemed',
} as const;
