import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { authHeader, createUser } from '../../../test/fixtures.ts';
import { RENEWAL_GRACE_MS } from './billing.service.ts';
import {
  createFakeStripe,
  signedEvent,
  STRIPE_TEST_ENV,
  subscriptionObject,
  TEST_PRICE_ID,
  type FakeStripe,
} from '../../../test/fake-stripe.ts';
import { PLANS } from './plans.ts';
import { createChallenge } from '../../../test/challenge-fixtures.ts';
import { createFreeCourse, createPremiumCourse } from '../../../test/learning-fixtures.ts';

const DAY = 86_400_000;
const DISABLED = {
  detail:
    'Online payments are not enabled. To get Premium, contact support: an administrator can grant it to your account.',
};

let plain: TestContext;
let paid: TestContext;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = createFakeStripe();
  [plain, paid] = await Promise.all([createTestApp(), createTestApp({ env: STRIPE_TEST_ENV, stripe: stripe.client })]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), paid?.close()]);
});

async function learner(ctx: TestContext, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx.db, overrides);
  const { authorization } = await authHeader(ctx.app, user.id);
  return { user, headers: { authorization } };
}

async function premiumOf(ctx: TestContext, userId: string) {
  const [row] = await ctx.db
    .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil, premiumSource: users.premiumSource })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const inbox = (ctx: TestContext, userId: string) =>
  ctx.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);

describe('GET /api/subscription/plans/', () => {
  it('shows every visitor the plans and their prices, without signing in', async () => {
    const res = await plain.app.inject({ url: '/api/subscription/plans/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plans: PLANS, payments_enabled: false });
    expect((await paid.app.inject({ url: '/api/subscription/plans' })).json().payments_enabled).toBe(true);
  });
});

describe('GET /api/subscription/', () => {
  it('shows a free learner the plans, with payments off when Stripe is not configured', async () => {
    const { headers } = await learner(plain);
    const res = await plain.app.inject({ url: '/api/subscription/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      is_premium: false,
      premium_until: null,
      source: null,
      plans: PLANS,
      payments_enabled: false,
      premium_content: expect.any(Object),
    });
    expect(PLANS.map((p) => [p.id, p.price, p.currency, p.interval])).toEqual([
      ['free', 0, 'USD', null],
      ['premium-monthly', 9, 'USD', 'month'],
    ]);
    const config = await plain.app.inject({ url: '/api/config/' });
    expect(config.json().payments_enabled).toBe(false);
  });

  it('lists what Premium opens by name: its courses, the Premium modules of free courses, its challenges', async () => {
    const tag = randomUUID().slice(0, 6);
    const course = await createPremiumCourse(plain.db, {
      title: `Red Team ${tag}`,
      modules: [{ title: `Inside ${tag}` }],
    });
    const free = await createFreeCourse(plain.db, {
      title: `Networks ${tag}`,
      modules: [
        { title: `Basics ${tag}` },
        { title: `Pivoting ${tag}`, access: 'premium' },
        { title: `Retired ${tag}`, access: 'premium', hidden: true },
      ],
    });
    const challenge = await createChallenge(plain.db, { title: `Vault ${tag}`, access: 'premium' });
    await createChallenge(plain.db, { title: `Old vault ${tag}`, access: 'premium', hidden: true });
    const { headers } = await learner(plain);
    const content = (await plain.app.inject({ url: '/api/subscription/', headers })).json().premium_content;
    const mine = <T extends { title: string }>(list: T[]) => list.filter((entry) => entry.title.includes(tag));
    expect(mine(content.courses)).toEqual([{ id: course.id, title: `Red Team ${tag}` }]);
    expect(mine(content.modules)).toEqual([
      { id: free.modules[1]!.id, title: `Pivoting ${tag}`, course: `Networks ${tag}` },
    ]);
    expect(mine(content.challenges)).toEqual([{ id: challenge.id, title: `Vault ${tag}` }]);
  });

  it('shows premium with its end and source, payments on when configured', async () => {
    const until = new Date(paid.clock.now().getTime() + 10 * DAY);
    const { headers } = await learner(paid, { isPremium: true, premiumUntil: until, premiumSource: 'stripe' });
    expect((await paid.app.inject({ url: '/api/subscription', headers })).json()).toMatchObject({
      is_premium: true,
      premium_until: until.toISOString(),
      source: 'stripe',
      payments_enabled: true,
    });
    const forever = await learner(paid, { isPremium: true, premiumSource: 'operator' });
    expect((await paid.app.inject({ url: '/api/subscription/', headers: forever.headers })).json()).toMatchObject({
      is_premium: true,
      premium_until: null,
      source: 'operator',
    });
  });

  it('treats a lapsed period as free at once, before any sweep', async () => {
    // A minute, not less: the clock runs on in real time, and a second passed before the first request under load.
    const until = new Date(plain.clock.now().getTime() + 60_000);
    const { headers } = await learner(plain, { isPremium: true, premiumUntil: until, premiumSource: 'operator' });
    expect((await plain.app.inject({ url: '/api/subscription/', headers })).json().is_premium).toBe(true);
    expect((await plain.app.inject({ url: '/api/navbar/', headers })).json().is_premium).toBe(true);
    plain.clock.advance(60_000);
    try {
      expect((await plain.app.inject({ url: '/api/subscription/', headers })).json()).toMatchObject({
        is_premium: false,
        premium_until: null,
        source: null,
      });
      expect((await plain.app.inject({ url: '/api/navbar/', headers })).json().is_premium).toBe(false);
    } finally {
      plain.clock.advance(-60_000);
    }
  });

  it('answers 401 without a token', async () => {
    expect((await plain.app.inject({ url: '/api/subscription/' })).statusCode).toBe(401);
  });
});

describe('POST /api/subscription/checkout/', () => {
  it('answers 503 with how to get premium when payments are off', async () => {
    const { headers } = await learner(plain);
    const res = await plain.app.inject({ method: 'POST', url: '/api/subscription/checkout/', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(DISABLED);
  });

  it('creates a Stripe Checkout session for the premium price and answers its URL', async () => {
    const { user, headers } = await learner(paid);
    const before = stripe.checkoutRequests.length;
    const res = await paid.app.inject({ method: 'POST', url: '/api/subscription/checkout/', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: `https://checkout.stripe.com/c/pay/cs_test_${before + 1}` });
    const sent = Object.fromEntries(stripe.checkoutRequests[before]!);
    expect(sent).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': TEST_PRICE_ID,
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      'subscription_data[metadata][user_id]': user.id,
      success_url: 'http://bastion.test/subscription?checkout=success',
      cancel_url: 'http://bastion.test/subscription?checkout=cancelled',
    });
  });

  it('answers 409 to a learner whose Stripe subscription runs, but lets an operator-granted learner pay', async () => {
    const until = new Date(paid.clock.now().getTime() + 5 * DAY);
    const subscribed = await learner(paid, { isPremium: true, premiumUntil: until, premiumSource: 'stripe' });
    const res = await paid.app.inject({
      method: 'POST',
      url: '/api/subscription/checkout/',
      headers: subscribed.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'You already have a Premium subscription.' });
    const granted = await learner(paid, { isPremium: true, premiumUntil: until, premiumSource: 'operator' });
    const ok = await paid.app.inject({ method: 'POST', url: '/api/subscription/checkout/', headers: granted.headers });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 502 when Stripe cannot be reached, 400 for a body field and 401 without a token', async () => {
    const { headers } = await learner(paid);
    stripe.failing = true;
    try {
      const res = await paid.app.inject({ method: 'POST', url: '/api/subscription/checkout/', headers });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        detail: 'The payment provider could not be reached. Please try again in a moment.',
      });
    } finally {
      stripe.failing = false;
    }
    const extra = await paid.app.inject({
      method: 'POST',
      url: '/api/subscription/checkout/',
      headers,
      payload: { price: 'price_cheap' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ price: ['Unknown field.'] });
    expect((await paid.app.inject({ method: 'POST', url: '/api/subscription/checkout/' })).statusCode).toBe(401);
  });
});

describe('POST /api/subscription/webhook/', () => {
  const URL = '/api/subscription/webhook/';
  let eventSerial = 0;

  function post(ctx: TestContext, body: { payload: string; signature?: string }) {
    return ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(body.signature === undefined ? {} : { 'stripe-signature': body.signature }),
      },
      payload: body.payload,
    });
  }

  function event(
    type: string,
    object: Record<string, unknown>,
    options: { id?: string; at?: Date; secret?: string } = {},
  ) {
    eventSerial += 1;
    return signedEvent(
      stripe.client,
      { id: options.id ?? `evt_test_${eventSerial}`, type, object },
      options.at ?? paid.clock.now(),
      options.secret,
    );
  }

  /** A subscription for the learner, paid for the month starting now, known to the fake Stripe API. */
  function subscribe(userId: string | null, overrides: Partial<Parameters<typeof subscriptionObject>[0]> = {}) {
    const now = paid.clock.now();
    const fixture = {
      id: `sub_${Math.random().toString(36).slice(2, 10)}`,
      userId,
      status: 'active',
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * DAY),
      paid: true,
      ...overrides,
    };
    stripe.subscriptions.set(fixture.id, subscriptionObject(fixture));
    return fixture;
  }
  const checkoutCompleted = (userId: string, subscriptionId: string) => ({
    id: `cs_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: userId,
    subscription: subscriptionId,
  });
  const secondsAt = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

  it('activates premium to the paid period on a signed checkout.session.completed, once however often replayed', async () => {
    const { user } = await learner(paid);
    const sub = subscribe(null);
    const signed = event('checkout.session.completed', checkoutCompleted(user.id, sub.id));
    const res = await post(paid, signed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const expected = {
      isPremium: true,
      premiumUntil: new Date(secondsAt(sub.periodEnd).getTime() + RENEWAL_GRACE_MS),
      premiumSource: 'stripe',
    };
    expect(await premiumOf(paid, user.id)).toEqual(expected);
    expect(await inbox(paid, user.id)).toEqual([
      expect.objectContaining({ title: 'Premium activated', type: 'success', link: '/subscription' }),
    ]);

    for (let i = 0; i < 3; i += 1) expect((await post(paid, signed)).statusCode).toBe(200);
    expect(await premiumOf(paid, user.id)).toEqual(expected);
    expect(await inbox(paid, user.id)).toHaveLength(1);
  });

  it('extends on invoice.paid, waits while a renewal is unpaid, and ends on customer.subscription.deleted', async () => {
    const { user, headers } = await learner(paid);
    const sub = subscribe(user.id);
    expect((await post(paid, event('customer.subscription.created', { id: sub.id }))).statusCode).toBe(200);
    const firstEnd = new Date(secondsAt(sub.periodEnd).getTime() + RENEWAL_GRACE_MS);
    expect((await premiumOf(paid, user.id)).premiumUntil).toEqual(firstEnd);

    // Renewal started but not paid yet: premium stays at the paid period (plus grace), nothing new.
    const next = { ...sub, periodStart: sub.periodEnd, periodEnd: new Date(sub.periodEnd.getTime() + 30 * DAY) };
    stripe.subscriptions.set(sub.id, subscriptionObject({ ...next, paid: false }));
    expect((await post(paid, event('customer.subscription.updated', { id: sub.id }))).statusCode).toBe(200);
    expect((await premiumOf(paid, user.id)).premiumUntil).toEqual(firstEnd);

    // Paid (the invoice names its subscription under `parent` on current API versions).
    stripe.subscriptions.set(sub.id, subscriptionObject({ ...next, paid: true }));
    const invoice = {
      id: 'in_renewal',
      object: 'invoice',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
    };
    expect((await post(paid, event('invoice.paid', invoice))).statusCode).toBe(200);
    const secondEnd = new Date(secondsAt(next.periodEnd).getTime() + RENEWAL_GRACE_MS);
    expect(await premiumOf(paid, user.id)).toEqual({
      isPremium: true,
      premiumUntil: secondEnd,
      premiumSource: 'stripe',
    });
    // Older API versions put the subscription on the invoice itself.
    const legacy = { id: 'in_legacy', object: 'invoice', subscription: sub.id };
    expect((await post(paid, event('invoice.paid', legacy))).statusCode).toBe(200);
    expect((await inbox(paid, user.id)).map((n) => n.title)).toEqual(['Premium activated']);

    stripe.subscriptions.set(sub.id, subscriptionObject({ ...next, status: 'canceled' }));
    const deleted = event('customer.subscription.deleted', { id: sub.id, status: 'canceled' });
    expect((await post(paid, deleted)).statusCode).toBe(200);
    expect(await premiumOf(paid, user.id)).toEqual({ isPremium: false, premiumUntil: null, premiumSource: null });
    expect((await post(paid, deleted)).statusCode).toBe(200);
    const titles = (await inbox(paid, user.id)).map((n) => [n.title, n.message]);
    expect(titles).toEqual([
      ['Premium activated', expect.stringContaining('Thank you for subscribing!')],
      ['Premium ended', 'Your premium access has ended.'],
    ]);
    expect((await paid.app.inject({ url: '/api/subscription/', headers })).json().is_premium).toBe(false);
  });

  it("applies Stripe's current state, so a late, stale event cannot bring premium back", async () => {
    const { user } = await learner(paid);
    const sub = subscribe(user.id);
    const early = event('customer.subscription.updated', { id: sub.id, status: 'active' });
    stripe.subscriptions.set(sub.id, subscriptionObject({ ...sub, status: 'canceled' }));
    await post(paid, event('customer.subscription.deleted', { id: sub.id }));
    expect((await post(paid, early)).statusCode).toBe(200);
    expect((await premiumOf(paid, user.id)).isPremium).toBe(false);
    expect(await inbox(paid, user.id)).toEqual([]);
  });

  it('leaves premium without end (an operator grant) as it is', async () => {
    const { user } = await learner(paid, { isPremium: true, premiumSource: 'operator' });
    const sub = subscribe(user.id);
    await post(paid, event('customer.subscription.updated', { id: sub.id }));
    expect(await premiumOf(paid, user.id)).toEqual({ isPremium: true, premiumUntil: null, premiumSource: 'operator' });
    stripe.subscriptions.set(sub.id, subscriptionObject({ ...sub, status: 'canceled' }));
    await post(paid, event('customer.subscription.deleted', { id: sub.id }));
    expect((await premiumOf(paid, user.id)).isPremium).toBe(true);
    expect(await inbox(paid, user.id)).toEqual([]);
  });

  it('ignores events it does not use, unknown subscriptions and subscriptions without a learner', async () => {
    const { user } = await learner(paid);
    const orphan = subscribe(null);
    for (const signed of [
      event('customer.created', { id: 'cus_1', object: 'customer' }),
      event('customer.subscription.updated', { id: 'sub_unknown_to_stripe' }),
      event('customer.subscription.updated', { id: orphan.id }),
      event('checkout.session.completed', { id: 'cs_pay', object: 'checkout.session', mode: 'payment' }),
      event('checkout.session.completed', checkoutCompleted('not-a-uuid', orphan.id)),
    ]) {
      const res = await post(paid, signed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await premiumOf(paid, user.id)).isPremium).toBe(false);
  });

  it('answers 400 to a missing, forged, wrongly keyed, tampered or stale signature and changes nothing', async () => {
    const { user } = await learner(paid);
    const sub = subscribe(user.id);
    const object = { id: sub.id };
    const good = event('customer.subscription.updated', object);
    const cases = [
      { payload: good.payload },
      { payload: good.payload, signature: '' },
      { payload: good.payload, signature: 't=1,v1=deadbeef' },
      event('customer.subscription.updated', object, { secret: 'whsec_someone_else' }),
      { payload: good.payload.replace(sub.id, 'sub_other'), signature: good.signature },
      event('customer.subscription.updated', object, { at: new Date(paid.clock.now().getTime() - 10 * 60_000) }),
    ];
    const expected = [
      { detail: 'Missing Stripe-Signature header.' },
      { detail: 'Missing Stripe-Signature header.' },
      ...Array(4).fill({ detail: 'Invalid Stripe signature.' }),
    ];
    for (const [i, body] of cases.entries()) {
      const res = await post(paid, body);
      expect(res.statusCode, `case ${i}`).toBe(400);
      expect(res.json()).toEqual(expected[i]);
    }
    const notJson = await paid.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'text/plain', 'stripe-signature': good.signature },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await premiumOf(paid, user.id)).isPremium).toBe(false);
    // The genuine event still works.
    expect((await post(paid, good)).statusCode).toBe(200);
    expect((await premiumOf(paid, user.id)).isPremium).toBe(true);
  });

  it('refuses a signature dated more than 5 minutes ahead, as one more than 5 minutes old, and takes one within them', async () => {
    const { user } = await learner(paid);
    const sub = subscribe(user.id);
    const now = paid.clock.now().getTime();
    const at = (offsetMs: number) =>
      event('customer.subscription.updated', { id: sub.id }, { at: new Date(now + offsetMs) });
    for (const offset of [60 * 60_000, 5 * 60_000 + 1_000, 24 * 3600_000]) {
      const res = await post(paid, at(offset));
      expect(res.statusCode, `${offset} ms ahead`).toBe(400);
      expect(res.json()).toEqual({ detail: 'Invalid Stripe signature.' });
    }
    const stale = await post(paid, at(-(5 * 60_000 + 1_000)));
    expect(stale.statusCode).toBe(400);
    expect((await premiumOf(paid, user.id)).isPremium).toBe(false);
    // A sender's clock a little ahead of ours, or behind, is fine.
    expect((await post(paid, at(4 * 60_000))).statusCode).toBe(200);
    expect((await post(paid, at(-4 * 60_000))).statusCode).toBe(200);
    expect((await premiumOf(paid, user.id)).isPremium).toBe(true);
  });

  it('answers 502 when Stripe cannot be asked (Stripe retries later), and 503 when payments are off', async () => {
    const { user } = await learner(paid);
    const sub = subscribe(user.id);
    stripe.failing = true;
    try {
      const res = await post(paid, event('customer.subscription.updated', { id: sub.id }));
      expect(res.statusCode).toBe(502);
    } finally {
      stripe.failing = false;
    }
    expect((await premiumOf(paid, user.id)).isPremium).toBe(false);

    const off = await post(plain, event('customer.subscription.updated', { id: sub.id }));
    expect(off.statusCode).toBe(503);
    expect(off.json()).toEqual(DISABLED);
  });
});
