import type { SubscriptionPlan, SubscriptionStatus } from '@bastion/contract';

export const PLANS: SubscriptionPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    currency: 'USD',
    interval: null,
    features: ['Every free course, module, lesson and quiz', 'Points, streaks, badges and the leaderboard'],
  },
  {
    id: 'premium-monthly',
    name: 'Premium',
    price: 9,
    currency: 'USD',
    interval: 'month',
    features: ['Everything in Free', 'Premium courses and modules', 'Premium challenges'],
  },
];

export function status(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return { is_premium: false, premium_until: null, source: null, plans: PLANS, payments_enabled: true, ...overrides };
}

export const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_123';
