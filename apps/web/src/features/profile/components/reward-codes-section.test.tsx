import { COUPON_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { renderWithApp, signIn } from '@test/render-app.tsx';
import { paged, redemption } from '@test/features/profile/fixtures.ts';
import { RewardCodesSection } from './reward-codes-section.tsx';

function answerRedeem(status: number, body: JsonBodyType, seen: { path?: string } = {}) {
  server.use(
    http.post('/api/coupons/redeem/:code/', ({ request }) => {
      seen.path = new URL(request.url).pathname;
      return HttpResponse.json(body, { status });
    }),
  );
}

function renderSection() {
  signIn('ada');
  return renderWithApp(<RewardCodesSection />, '/profile');
}

async function redeem(user: ReturnType<typeof renderSection>['user'], code: string) {
  await user.type(screen.getByRole('textbox', { name: 'Reward code' }), code);
  await user.click(screen.getByRole('button', { name: 'Redeem' }));
}

/** The message under the form (the snackbar shows the same text in its own alert). */
async function formMessage(text: string) {
  const alerts = await screen.findAllByRole('alert');
  const matching = alerts.filter((alert) => alert.textContent?.includes(text));
  expect(matching).toHaveLength(2);
  return matching;
}

describe('RewardCodesSection', () => {
  it('lists the codes redeemed so far', async () => {
    server.use(http.get('/api/coupons/history/', () => HttpResponse.json(paged([redemption()]))));
    renderSection();
    const list = await screen.findByRole('list', { name: 'Redeemed codes' });
    expect(within(list).getByText('WELCOME50')).toBeInTheDocument();
    expect(within(list).getByText('+50')).toBeInTheDocument();
    expect(within(list).getByText('2 Mar 2026')).toBeInTheDocument();
  });

  it('says what an upgrade code gave: days of Premium', async () => {
    server.use(
      http.get('/api/coupons/history/', () =>
        HttpResponse.json(paged([redemption({ code: 'MONTH-FREE', points: 0, premium_days: 30 })])),
      ),
    );
    renderSection();
    const list = await screen.findByRole('list', { name: 'Redeemed codes' });
    expect(
      within(list)
        .getByText(/MONTH-FREE/)
        .closest('li'),
    ).toHaveTextContent('MONTH-FREE · 30 days of Premium');
  });

  it('success: the message, the field cleared, and the navbar, dashboard, badges and history refreshed', async () => {
    let historyCalls = 0;
    server.use(
      http.get('/api/coupons/history/', () => {
        historyCalls += 1;
        return HttpResponse.json(paged(historyCalls === 1 ? [] : [redemption({ code: 'SPRING' })]));
      }),
    );
    const seen: { path?: string } = {};
    answerRedeem(200, { detail: COUPON_MESSAGES.redeemed, points_awarded: 50, total_points: 390 }, seen);
    const { user, queryClient } = renderSection();
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 340, user_strike: 2 });
    queryClient.setQueryData(['dashboard', 'summary'], {});
    queryClient.setQueryData(['badges', 'unseen'], []);
    queryClient.setQueryData(['notifications', 'list'], {});
    await screen.findByText('You have not redeemed a reward code yet.');

    await redeem(user, 'spring');
    await formMessage('Reward code redeemed successfully!');
    expect(seen.path).toBe('/api/coupons/redeem/spring/');
    expect(screen.getByRole('textbox', { name: 'Reward code' })).toHaveValue('');
    for (const key of [['navbar'], ['dashboard', 'summary'], ['badges', 'unseen'], ['notifications', 'list']]) {
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    }
    expect(await screen.findByText('SPRING')).toBeInTheDocument();
    expect(historyCalls).toBe(2);
  });

  it('encodes the code in the address', async () => {
    server.use(http.get('/api/coupons/history/', () => HttpResponse.json(paged([]))));
    const seen: { path?: string } = {};
    answerRedeem(404, { detail: 'Not found.' }, seen);
    const { user } = renderSection();
    await redeem(user, 'a/b?c');
    await formMessage('Invalid reward code. Please check and try again.');
    expect(seen.path).toBe('/api/coupons/redeem/a%2Fb%3Fc/');
  });

  it.each([
    [
      'not enough points',
      400,
      { error: COUPON_MESSAGES.notEnoughPoints, required_points: 500, your_points: 120 },
      'You need 500 points to redeem this code. You currently have 120 points.',
    ],
    ['an unknown code (404)', 404, { detail: 'Not found.' }, 'Invalid reward code. Please check and try again.'],
    ['an expired code', 400, { error: COUPON_MESSAGES.expired }, 'This reward code has expired.'],
    ['a used code', 400, { error: COUPON_MESSAGES.alreadyUsed }, 'This reward code has already been used.'],
    [
      'a premium-only code',
      403,
      { error: COUPON_MESSAGES.permissionDenied, message: COUPON_MESSAGES.premiumOnly },
      COUPON_MESSAGES.premiumOnly,
    ],
    ['too many attempts', 429, { detail: COUPON_MESSAGES.throttled }, COUPON_MESSAGES.throttled],
    [
      'a server failure',
      500,
      { detail: 'A server error occurred.' },
      'Failed to redeem reward code. Please try again.',
    ],
  ])('%s: shows the R8 text under the form and in the snackbar', async (_name, status, body, text) => {
    server.use(http.get('/api/coupons/history/', () => HttpResponse.json(paged([]))));
    answerRedeem(status, body);
    const { user, queryClient } = renderSection();
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 120, user_strike: 0 });
    await redeem(user, 'SPRING');
    await formMessage(text);
    expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(false);
    // The code stays, to be corrected.
    expect(screen.getByRole('textbox', { name: 'Reward code' })).toHaveValue('SPRING');
  });

  it('a 401 shows nothing: the session ends and the app goes to /login', async () => {
    server.use(
      http.get('/api/coupons/history/', () => HttpResponse.json(paged([]))),
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ detail: 'Token is invalid' }, { status: 401 })),
    );
    answerRedeem(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    const { user, router } = renderSection();
    await redeem(user, 'SPRING');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Redeem stays disabled until a code is typed', async () => {
    server.use(http.get('/api/coupons/history/', () => HttpResponse.json(paged([]))));
    const { user } = renderSection();
    const button = screen.getByRole('button', { name: 'Redeem' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Reward code' }), '   ');
    expect(button).toBeDisabled();
  });
});
