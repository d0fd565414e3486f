import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** The parts of the Stripe SDK billing uses. Tests pass a real SDK client whose HTTP goes to a fake. */
export type StripeClient = Pick<Stripe, 'checkout' | 'subscriptions' | 'webhooks'>;

/** The SDK client when payments are configured (STRIPE_*), else null. Building it makes no request. */
export function createStripeClient(config: Config): StripeClient | null {
  if (!config.stripe) return null;
  return new Stripe(config.stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'Bastion' },
  });
}
