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

/** What Premium opens in the fixtures: a course, two modules of free courses and a challenge. */
export const PREMIUM_CONTENT: SubscriptionStatus['premium_content'] = {
  courses: [{ id: 'c-red', title: 'Red Team Operations' }],
  modules: [
    { id: 'm-ad', title: 'Active Directory Attacks', course: 'Network Security' },
    { id: 'm-cloud', title: 'Cloud Pivoting', course: 'Network Security' },
  ],
  challenges: [{ id: 'ch-vault', title: 'Vault Heist' }],
};

export function status(overrides: Partial<SubscriptionStatus> = {}): SubscriptionStatus {
  return {
    is_premium: false,
    premium_until: null,
    source: null,
    plans: PLANS,
    payments_enabled: true,
    premium_content: PREMIUM_CONTENT,
    ...overrides,
  };
}

export const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_123';
