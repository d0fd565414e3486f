import { PLAN_FEATURES, type PublicPlans, type SubscriptionPlan } from '@bastion/contract';

// Decision 0075: Free and Premium; the price shown must match the Stripe price STRIPE_PRICE_ID.
/**
 * The plans shown on the subscription and pricing pages. The premium price must match the Stripe price
 * named by STRIPE_PRICE_ID, which is what Checkout actually charges.
 */
export const PLANS: readonly SubscriptionPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: 'USD',
    interval: null,
    features: [...PLAN_FEATURES.free],
  },
  {
    id: 'premium-monthly',
    name: 'Premium',
    price: 9,
    currency: 'USD',
    interval: 'month',
    features: [...PLAN_FEATURES.premium],
  },
];

/** `GET /api/subscription/plans/`: the plans, and whether the premium one can be bought online. */
export function publicPlans(paymentsEnabled: boolean): PublicPlans {
  return { plans: [...PLANS], payments_enabled: paymentsEnabled };
}
