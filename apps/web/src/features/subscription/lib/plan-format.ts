import type { SubscriptionPlan, SubscriptionStatus } from '@bastion/contract';

/** "$9" or "$9.50" in the plan's currency; "Free" for a price of 0. */
export function planPrice(plan: SubscriptionPlan): string {
  if (plan.price === 0) return 'Free';
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: plan.currency,
      minimumFractionDigits: Number.isInteger(plan.price) ? 0 : 2,
    }).format(plan.price);
  } catch {
    return `${plan.price} ${plan.currency}`;
  }
}

export const INTERVAL_LABELS = { month: 'per month', year: 'per year' } as const;

/** A plan with a price and an interval is bought through checkout; the free plan is what everyone has. */
export const isPaidPlan = (plan: SubscriptionPlan): boolean => plan.price > 0 && plan.interval !== null;

/** The plan the learner is on now: the paid one while premium, otherwise the free one. */
export function isCurrentPlan(plan: SubscriptionPlan, status: SubscriptionStatus): boolean {
  return status.is_premium ? isPaidPlan(plan) : !isPaidPlan(plan);
}

export const SOURCE_LABELS = {
  stripe: 'Paid subscription',
  operator: 'Granted by an administrator',
} as const;
