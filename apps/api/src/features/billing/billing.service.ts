// Decision 0076: Stripe Checkout and its webhook.
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  BILLING_MESSAGES,
  PREMIUM_SOURCES,
  type CheckoutResponse,
  type PublicPlans,
  type SubscriptionStatus,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { AppError, BadRequest, Conflict, NotFound, ServiceUnavailable } from '../../lib/errors.ts';
import * as repo from './billing.repository.ts';
import { PLANS, publicPlans } from './plans.ts';
import { hasPremium } from './premium.ts';
import { applyPremium, endPremium } from './premium.service.ts';
import type { StripeClient } from './stripe-client.ts';

/**
 * A renewal is charged a little after its period starts (Stripe finalises the invoice about an hour
 * later): premium runs this long past the paid period so a paying learner is never locked out between.
 */
export const RENEWAL_GRACE_MS = 24 * 3600_000;

/** Subscription states that end access at once, and those that keep it to the paid period. */
const ENDED = new Set<string>(['canceled', 'unpaid', 'incomplete_expired', 'paused']);
const RUNNING = new Set<string>(['active', 'trialing', 'past_due']);

export interface BillingServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  stripe: StripeClient | null;
  stripeConfig: { webhookSecret: string; priceId: string } | undefined;
}

class ProviderUnavailable extends AppError {
  constructor() {
    super(502, { detail: BILLING_MESSAGES.providerUnavailable });
  }
}

/** How far a webhook's signed time may be from ours, either way (the SDK's default, which bounds the past only). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed time (`t=`, seconds) of a `Stripe-Signature` header the SDK has accepted: its last `t`, as the SDK reads it. */
function signedAt(signature: string): number {
  const times = signature
    .split(',')
    .map((part) => part.split('='))
    .filter(([key]) => key === 't');
  return Number.parseInt(times.at(-1)?.[1] ?? '', 10);
}

function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/** The subscription an event is about, and the learner when the event names one (Checkout does). */
function subscriptionRef(event: Stripe.Event): { subscriptionId: string; userId: string | null } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed': {
      const subscriptionId = object.mode === 'subscription' ? idOf(object.subscription) : null;
      const userId = typeof object.client_reference_id === 'string' ? object.client_reference_id : null;
      return subscriptionId ? { subscriptionId, userId } : null;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = idOf(object.id);
      return subscriptionId ? { subscriptionId, userId: null } : null;
    }
    case 'invoice.paid': {
      // `parent.subscription_details` since API 2025-03-31; `subscription` on older API versions.
      const parent = object.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
      const subscriptionId = idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription);
      return subscriptionId ? { subscriptionId, userId: null } : null;
    }
    default:
      return null;
  }
}

/**
 * The end of what the learner has paid for: the current period once its invoice is paid (or during a
 * trial), otherwise the start of the current period, which is the end of the last paid one.
 */
export function paidThrough(subscription: Stripe.Subscription): Date | null {
  const items = subscription.items?.data ?? [];
  if (items.length === 0) return null;
  const end = Math.max(...items.map((item) => item.current_period_end));
  const start = Math.min(...items.map((item) => item.current_period_start));
  const invoice = subscription.latest_invoice;
  const paid = subscription.status === 'trialing' || (typeof invoice === 'object' && invoice?.status === 'paid');
  return new Date((paid ? end : start) * 1000);
}

export function createBillingService({ db, clock, log, appUrl, stripe, stripeConfig }: BillingServiceDeps) {
  const payments = stripe && stripeConfig ? { stripe, ...stripeConfig } : null;

  async function status(userId: string): Promise<SubscriptionStatus> {
    const user = await repo.findPremium(db, userId);
    if (!user) throw new NotFound();
    const premium = hasPremium(user, clock.now());
    const source = PREMIUM_SOURCES.find((s) => s === user.premiumSource) ?? 'operator';
    return {
      is_premium: premium,
      premium_until: premium ? (user.premiumUntil?.toISOString() ?? null) : null,
      source: premium ? source : null,
      plans: [...PLANS],
      payments_enabled: payments !== null,
      premium_content: await repo.premiumContent(db),
    };
  }

  /** A Stripe Checkout page for the premium plan, the learner's id carried to the webhook. */
  async function checkout(userId: string): Promise<CheckoutResponse> {
    if (!payments) throw new ServiceUnavailable(BILLING_MESSAGES.paymentsDisabled);
    const user = await repo.findPremium(db, userId);
    if (!user) throw new NotFound();
    if (hasPremium(user, clock.now()) && user.premiumSource === 'stripe') {
      throw new Conflict(BILLING_MESSAGES.alreadySubscribed);
    }
    let url: string | null;
    try {
      const session = await payments.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: payments.priceId, quantity: 1 }],
        client_reference_id: user.id,
        customer_email: user.email,
        metadata: { user_id: user.id },
        subscription_data: { metadata: { user_id: user.id } },
        success_url: `${appUrl}/subscription?checkout=success`,
        cancel_url: `${appUrl}/subscription?checkout=cancelled`,
      });
      url = session.url;
    } catch (error) {
      log.error({ err: error }, 'Stripe Checkout session could not be created');
      throw new ProviderUnavailable();
    }
    if (!url) throw new ProviderUnavailable();
    return { url };
  }

  /**
   * A Stripe webhook: the signature is checked against the raw body, then the subscription's current
   * state is fetched from Stripe and applied. Applying the current state (never the event's snapshot)
   * makes replays, retries and out-of-order deliveries harmless without recording event ids.
   */
  async function webhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<void> {
    if (!payments) throw new ServiceUnavailable(BILLING_MESSAGES.paymentsDisabled);
    if (typeof signature !== 'string' || signature === '') throw new BadRequest(BILLING_MESSAGES.missingSignature);
    let event: Stripe.Event;
    try {
      event = payments.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        payments.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        clock.now().getTime(),
      );
    } catch {
      throw new BadRequest(BILLING_MESSAGES.invalidSignature);
    }
    // The SDK refuses a signature older than its tolerance only: one dated ahead of it is refused here alike.
    const aheadMs = signedAt(signature) * 1000 - clock.now().getTime();
    if (!(aheadMs <= WEBHOOK_TOLERANCE_SECONDS * 1000)) {
      throw new BadRequest(BILLING_MESSAGES.invalidSignature);
    }
    const ref = subscriptionRef(event);
    if (!ref) return;

    let subscription: Stripe.Subscription;
    try {
      subscription = await payments.stripe.subscriptions.retrieve(ref.subscriptionId, { expand: ['latest_invoice'] });
    } catch (error) {
      if ((error as { type?: string }).type === 'StripeInvalidRequestError') {
        log.warn({ eventId: event.id, subscription: ref.subscriptionId }, 'Stripe webhook: unknown subscription');
        return;
      }
      log.error({ err: error, eventId: event.id }, 'Stripe webhook: subscription could not be fetched');
      throw new ProviderUnavailable();
    }
    const userId = ref.userId ?? subscription.metadata?.user_id ?? null;
    if (!userId || !isUuid(userId)) {
      log.warn({ eventId: event.id, subscription: subscription.id }, 'Stripe webhook: no learner on the subscription');
      return;
    }
    await applySubscription(userId, subscription);
  }

  async function applySubscription(userId: string, subscription: Stripe.Subscription): Promise<void> {
    await db.transaction(async (tx) => {
      const user = await repo.lockPremium(tx, userId);
      if (!user) return;
      const now = clock.now();
      if (ENDED.has(subscription.status)) {
        if (user.premiumSource === 'stripe' && user.isPremium) await endPremium(tx, user, now);
        return;
      }
      if (!RUNNING.has(subscription.status)) return;
      const through = paidThrough(subscription);
      if (!through) return;
      const until = new Date(through.getTime() + RENEWAL_GRACE_MS);
      if (until.getTime() <= now.getTime()) return;
      const current = hasPremium(user, now) ? user : null;
      // Premium without end (an operator's grant) or already running past this period: nothing to add.
      if (current && (current.premiumUntil === null || current.premiumUntil.getTime() >= until.getTime())) return;
      await applyPremium(tx, user, { until, source: 'stripe', announceExtension: false }, now);
    });
  }

  function plans(): PublicPlans {
    return publicPlans(payments !== null);
  }

  return { status, plans, checkout, webhook, paymentsEnabled: payments !== null };
}

export type BillingService = ReturnType<typeof createBillingService>;
