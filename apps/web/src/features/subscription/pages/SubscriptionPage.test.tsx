import { BILLING_MESSAGES } from '@bastion/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format-time.ts';
import { server } from '@test/server.ts';
import { CONFIRMATION_POLL_MS } from '../api/get-subscription.ts';
import { CHECKOUT_URL, status } from '@test/features/subscription/fixtures.ts';
import { renderSubscription } from '@test/features/subscription/render.tsx';

function serveStatus(...answers: ReturnType<typeof status>[]) {
  let calls = 0;
  server.use(
    http.get('/api/subscription/', () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      return HttpResponse.json(answer);
    }),
  );
  return () => calls;
}

/** Replaces window.location so a checkout redirect can be seen without leaving the test page. */
function stubLocation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

const plan = (name: string) => screen.getByRole('article', { name });

describe('SubscriptionPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the free status and the plans with price, interval and features', async () => {
    serveStatus(status());
    renderSubscription();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your subscription…');

    const current = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(current).getByText('Free plan')).toBeInTheDocument();
    expect(within(current).queryByText('Premium until')).not.toBeInTheDocument();

    const free = plan('Free');
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).not.toBeInTheDocument();
    const premium = plan('Premium');
    expect(premium).toHaveTextContent('$9per month');
    expect(
      within(within(premium).getByRole('list', { name: 'Premium includes' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(within(premium).getByText('Premium challenges')).toBeInTheDocument();
    expect(within(premium).queryByText('Current plan')).not.toBeInTheDocument();
    expect(within(premium).getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
  });

  it('lists what Premium opens, by name and counted, and says so once premium', async () => {
    serveStatus(status());
    renderSubscription();
    const opens = await screen.findByRole('region', { name: 'What Premium opens' });
    expect(within(opens).getByRole('heading', { name: '1 course' })).toBeInTheDocument();
    expect(within(opens).getByText('Red Team Operations')).toBeInTheDocument();
    expect(within(opens).getByRole('heading', { name: '2 modules of free courses' })).toBeInTheDocument();
    expect(within(opens).getByText('Cloud Pivoting (Network Security)')).toBeInTheDocument();
    expect(within(opens).getByRole('heading', { name: '1 challenge' })).toBeInTheDocument();
    expect(within(opens).getByText('Vault Heist')).toBeInTheDocument();
  });

  it('says when nothing is Premium, and names the list as the learner’s own once premium', async () => {
    serveStatus(
      status({ is_premium: true, source: 'operator', premium_content: { courses: [], modules: [], challenges: [] } }),
    );
    renderSubscription();
    const opens = await screen.findByRole('region', { name: 'What your Premium opens' });
    expect(opens).toHaveTextContent('Nothing is Premium at the moment: everything is free.');
  });

  it('says premium came from an upgrade code the learner redeemed', async () => {
    serveStatus(status({ is_premium: true, premium_until: '2026-09-01T12:00:00.000Z', source: 'code' }));
    renderSubscription();
    const current = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(current).getByText('An upgrade code you redeemed')).toBeInTheDocument();
    expect(within(current).queryByText('Granted by an administrator')).not.toBeInTheDocument();
  });

  it('shows premium granted by an administrator with its end date, and no upgrade button', async () => {
    const until = '2026-09-01T12:00:00.000Z';
    serveStatus(status({ is_premium: true, premium_until: until, source: 'operator' }));
    renderSubscription();
    const current = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(current).getByText('Premium is active')).toBeInTheDocument();
    expect(within(current).getByText(formatDateTime(until)!)).toBeInTheDocument();
    expect(within(current).getByText('Granted by an administrator')).toBeInTheDocument();
    expect(within(plan('Premium')).getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('shows a paid subscription without an end date', async () => {
    serveStatus(status({ is_premium: true, premium_until: null, source: 'stripe' }));
    renderSubscription();
    const current = await screen.findByRole('region', { name: 'Your plan' });
    expect(within(current).getByText('No end date')).toBeInTheDocument();
    expect(within(current).getByText('Paid subscription')).toBeInTheDocument();
  });

  it('starts a checkout and sends the browser to the payment page', async () => {
    serveStatus(status());
    const posted: unknown[] = [];
    server.use(
      http.post('/api/subscription/checkout/', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ url: CHECKOUT_URL });
      }),
    );
    const assign = stubLocation();
    const { user } = renderSubscription();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(posted).toEqual([{}]);
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
  });

  it('offers the upgrade again when the browser restores the page after leaving for checkout', async () => {
    serveStatus(status());
    server.use(http.post('/api/subscription/checkout/', () => HttpResponse.json({ url: CHECKOUT_URL })));
    const assign = stubLocation();
    const { user } = renderSubscription();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Opening checkout…' })).toBeDisabled();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(await screen.findByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
  });

  it('never follows a checkout answer that is not a web address', async () => {
    serveStatus(status());
    server.use(http.post('/api/subscription/checkout/', () => HttpResponse.json({ url: 'javascript:alert(1)' })));
    const assign = stubLocation();
    const { user } = renderSubscription();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start the checkout.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('explains how to get premium, without a checkout button, when payments are off', async () => {
    serveStatus(status({ payments_enabled: false }));
    renderSubscription();
    const help = await screen.findByRole('region', { name: 'How to get Premium' });
    expect(help).toHaveTextContent('Ask the team for an upgrade code and tell them your username');
    expect(within(help).getByRole('heading', { name: 'How to get Premium' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    expect(await within(help).findByRole('link', { name: 'support@bastion.test' })).toHaveAttribute(
      'href',
      'mailto:support@bastion.test',
    );
    expect(within(help).getByRole('textbox', { name: 'Upgrade code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(plan('Premium')).toHaveTextContent('$9per month');
  });

  it('redeems an upgrade code for Premium and shows the new status, with the outcome beside the form', async () => {
    const until = '2030-04-01T12:00:00.000Z';
    serveStatus(
      status({ payments_enabled: false }),
      status({ payments_enabled: false, is_premium: true, source: 'operator', premium_until: until }),
    );
    let redeemed = '';
    server.use(
      http.post('/api/coupons/redeem/:code/', ({ params }) => {
        redeemed = String(params.code);
        return HttpResponse.json({
          detail: 'Reward code redeemed successfully!',
          points_awarded: 0,
          total_points: 40,
          premium_days: 30,
          premium_until: until,
        });
      }),
    );
    const { user } = renderSubscription();
    await user.type(await screen.findByRole('textbox', { name: 'Upgrade code' }), ' month-free ');
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Reward code redeemed successfully! Premium is yours until ${formatDateTime(until)}.`,
    );
    expect(redeemed).toBe('month-free');
    expect(await screen.findByText('Premium is active')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Extend Premium' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Premium is yours until');
  });

  it('explains a refused upgrade code beside the form', async () => {
    serveStatus(status({ payments_enabled: false }));
    server.use(
      http.post('/api/coupons/redeem/:code/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    const { user } = renderSubscription();
    await user.type(await screen.findByRole('textbox', { name: 'Upgrade code' }), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reward code. Please check and try again.');
  });

  it('shows the detail of a 503 from checkout and reads the status again', async () => {
    const calls = serveStatus(status(), status({ payments_enabled: false }));
    server.use(
      http.post('/api/subscription/checkout/', () =>
        HttpResponse.json({ detail: BILLING_MESSAGES.paymentsDisabled }, { status: 503 }),
      ),
    );
    const assign = stubLocation();
    const { user } = renderSubscription();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium' }));
    const alert = await screen.findByText(`Could not start the checkout. ${BILLING_MESSAGES.paymentsDisabled}`);
    expect(alert).toBeVisible();
    await screen.findByRole('heading', { name: 'How to get Premium' });
    expect(calls()).toBe(2);
    expect(screen.queryByRole('button', { name: /Upgrade/ })).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('on return from a paid checkout, waits for the confirmation, then welcomes and refreshes the navbar', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveStatus(status(), status({ is_premium: true, source: 'stripe', premium_until: null }));
    const { queryClient } = renderSubscription('/subscription?checkout=success');
    queryClient.setQueryData(['navbar'], { is_premium: false });

    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('Free plan')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS);
    });
    expect(await screen.findByText('Welcome to Premium!')).toBeInTheDocument();
    expect(screen.getByText('Premium is active')).toBeInTheDocument();
    expect(calls()).toBe(2);
    await waitFor(() => expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(true));
  });

  it('says when a cancelled checkout brought the learner back, and forgets it once closed', async () => {
    serveStatus(status());
    const { user, router } = renderSubscription('/subscription?checkout=cancelled');
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    expect(screen.getByText(/You have not been charged/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Checkout cancelled')).not.toBeInTheDocument();
  });
});
