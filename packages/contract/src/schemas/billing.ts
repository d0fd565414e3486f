import { z } from 'zod';

/** Server texts of premium and payments (R16). */
export const BILLING_MESSAGES = {
  paymentsDisabled:
    'Online payments are not enabled. To get Premium, contact support: an administrator can grant it to your account.',
  alreadySubscribed: 'You already have a Premium subscription.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  missingSignature: 'Missing Stripe-Signature header.',
  invalidSignature: 'Invalid Stripe signature.',
} as const;

/** How premium was obtained: an operator's grant, a Stripe subscription, or an upgrade code redeemed. */
export const PREMIUM_SOURCES = ['operator', 'stripe', 'code'] as const;
export const PLAN_INTERVALS = ['month', 'year'] as const;

export const subscriptionPlan = z.object({
  id: z.string(),
  name: z.string(),
  /** In the currency's main unit (9 = 9.00). */
  price: z.number(),
  currency: z.string(),
  /** Null for the free plan. */
  interval: z.enum(PLAN_INTERVALS).nullable(),
  features: z.array(z.string()),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

/** What Premium opens, by name: its courses, the Premium modules of free courses, and its challenges. */
export const premiumContent = z.object({
  courses: z.array(z.object({ id: z.string(), title: z.string() })),
  modules: z.array(z.object({ id: z.string(), title: z.string(), course: z.string() })),
  challenges: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PremiumContent = z.infer<typeof premiumContent>;

/** `GET /api/subscription/`. `premium_until` null with `is_premium` true: premium without an end date. */
export const subscriptionResponse = z.object({
  is_premium: z.boolean(),
  premium_until: z.string().nullable(),
  /** How premium was obtained; null when the learner is not premium. */
  source: z.enum(PREMIUM_SOURCES).nullable(),
  plans: z.array(subscriptionPlan),
  payments_enabled: z.boolean(),
  premium_content: premiumContent,
});
export type SubscriptionStatus = z.infer<typeof subscriptionResponse>;

/** `GET /api/subscription/plans/` (public): the plans and their prices, for the pricing page. */
export const publicPlansResponse = z.object({
  plans: z.array(subscriptionPlan),
  payments_enabled: z.boolean(),
});
export type PublicPlans = z.infer<typeof publicPlansResponse>;

/** `POST /api/subscription/checkout/` → the Stripe Checkout page to send the browser to. */
export const checkoutResponse = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const webhookResponse = z.object({ received: z.literal(true) });
