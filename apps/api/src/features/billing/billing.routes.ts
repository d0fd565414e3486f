import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutResponse, publicPlansResponse, subscriptionResponse, webhookResponse } from '@bastion/contract';
import { currentUser } from '../../plugins/auth.ts';
import { createBillingService } from './billing.service.ts';
import type { StripeClient } from './stripe-client.ts';

const secured = { tags: ['subscription'], security: [{ bearer: [] }] };
/** Checkout takes no payload: no body, or an empty JSON object. */
const checkoutBody = z.strictObject({}).nullish();
/** Stripe events can be large (an invoice lists its lines); the rest of the API keeps the 64 KiB limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** Premium: the learner's status and the plans, Stripe Checkout, and Stripe's webhook. */
export interface BillingRoutesOptions {
  /** Stripe SDK client; null without STRIPE_* (premium is then granted by an operator). */
  stripe: StripeClient | null;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, options) => {
  const billing = createBillingService({
    db: app.db,
    clock: app.clock,
    log: app.log,
    appUrl: app.config.appUrl,
    stripe: options.stripe,
    stripeConfig: app.config.stripe,
  });

  app.get(
    '/api/subscription/',
    { preHandler: app.authenticate, schema: { ...secured, response: { 200: subscriptionResponse } } },
    async (request) => billing.status(currentUser(request).userId),
  );

  // Public: the pricing page shows every visitor the same plans and prices as the subscription page.
  app.get(
    '/api/subscription/plans/',
    { schema: { tags: ['subscription'], response: { 200: publicPlansResponse } } },
    async () => billing.plans(),
  );

  app.post(
    '/api/subscription/checkout/',
    {
      preHandler: app.authenticate,
      schema: { ...secured, body: checkoutBody, response: { 200: checkoutResponse } },
    },
    async (request) => billing.checkout(currentUser(request).userId),
  );

  // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/subscription/webhook/',
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { tags: ['subscription'], response: { 200: webhookResponse } } },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await billing.webhook(body, request.headers['stripe-signature']);
        return { received: true as const };
      },
    );
  });
};
