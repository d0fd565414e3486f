import type { SubscriptionPlan } from '@bastion/contract';

/** "$9" or "$9.50" in the plan's currency; "Free" for a price of 0. */
export function planPrice(plan: Pick<SubscriptionPlan, 'price' | 'currency'>): string {
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
