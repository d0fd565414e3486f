import Stripe from 'stripe';

/** Test support: the real Stripe SDK with its HTTP answered in memory, so tests make no network call. */

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_bastion';
export const TEST_PRICE_ID = 'price_test_premium_monthly';
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_PRICE_ID: TEST_PRICE_ID,
};

export interface FakeStripe {
  client: Stripe;
  /** Subscriptions the fake API knows, by id (what `subscriptions.retrieve` answers). */
  subscriptions: Map<string, Record<string, unknown>>;
  /** The form bodies of every Checkout Session created. */
  checkoutRequests: URLSearchParams[];
  /** While true, every call answers 500 (Stripe unavailable). */
  failing: boolean;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function createFakeStripe(): FakeStripe {
  const fake: Omit<FakeStripe, 'client'> = { subscriptions: new Map(), checkoutRequests: [], failing: false };
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    if (url.hostname !== 'api.stripe.com') throw new Error(`unexpected host ${url.hostname}`);
    if (fake.failing) return json(500, { error: { type: 'api_error', message: 'Stripe is down.' } });
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const params = new URLSearchParams(String(init?.body ?? ''));
      fake.checkoutRequests.push(params);
      const id = `cs_test_${fake.checkoutRequests.length}`;
      return json(200, {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && match) {
      const subscription = fake.subscriptions.get(decodeURIComponent(match[1]!));
      if (subscription) return json(200, subscription);
      return json(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
      });
    }
    return json(404, { error: { type: 'invalid_request_error', message: `No route ${method} ${url.pathname}` } });
  };
  const client = new Stripe('sk_test_fake', {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    maxNetworkRetries: 0,
  });
  return Object.assign(fake, { client });
}

export interface SubscriptionFixture {
  id: string;
  userId: string | null;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  /** Whether the latest invoice (the current period's) is paid. */
  paid: boolean;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A subscription as the Stripe API returns it with `expand: ['latest_invoice']`. */
export function subscriptionObject(s: SubscriptionFixture): Record<string, unknown> {
  return {
    id: s.id,
    object: 'subscription',
    status: s.status,
    metadata: s.userId ? { user_id: s.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id}`,
          object: 'subscription_item',
          current_period_start: seconds(s.periodStart),
          current_period_end: seconds(s.periodEnd),
        },
      ],
    },
    latest_invoice: { id: `in_${s.id}_${seconds(s.periodStart)}`, object: 'invoice', status: s.paid ? 'paid' : 'open' },
  };
}

/** A webhook event body and its `Stripe-Signature` header, signed at `at`. */
export function signedEvent(
  client: Stripe,
  event: { id: string; type: string; object: Record<string, unknown> },
  at: Date,
  secret = TEST_WEBHOOK_SECRET,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(at),
    type: event.type,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = client.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(at) });
  return { payload, signature };
}
