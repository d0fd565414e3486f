import type { SubscriptionPlan } from '@bastion/contract';

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
    features: [
      'Every free course, module, lesson and quiz',
      'Free challenges with hints',
      'Points, streaks, badges and the leaderboard',
      'Certificates for completed courses',
    ],
  },
  {
    id: 'premium-monthly',
    name: 'Premium',
    price: 9,
    currency: 'USD',
    interval: 'month',
    features: [
      'Everything in Free',
      'Premium courses and modules',
      'Premium challenges',
      'Premium-only reward codes',
      'Cancel at any time; access runs to the end of the paid month',
    ],
  },
];
