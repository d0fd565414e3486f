import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { FREE_PLAN_SUMMARY, PLAN_FEATURES } from '@bastion/contract';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { PricingPage } from './PricingPage.tsx';

const PLANS = [
  { id: 'free', name: 'Free', price: 0, currency: 'USD', interval: null, features: [] },
  { id: 'premium-monthly', name: 'Premium', price: 9, currency: 'USD', interval: 'month', features: [] },
];

function renderPricing(paymentsEnabled: boolean) {
  server.use(
    http.get('*/api/subscription/plans/', () => HttpResponse.json({ plans: PLANS, payments_enabled: paymentsEnabled })),
  );
  return renderRoutes('/pricing', [{ path: '/pricing', Component: PricingPage }]);
}

describe('PricingPage', () => {
  it('shows every visitor the premium price the subscription page sells', async () => {
    renderPricing(true);
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(await within(premium).findByText('$9')).toBeInTheDocument();
    expect(within(premium).getByText('per month · pay by card, cancel at any time')).toBeInTheDocument();
    expect(screen.queryByText(/prices are shown in your account/)).not.toBeInTheDocument();
  });

  it('says how to get Premium when online payments are off', async () => {
    renderPricing(false);
    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(await within(premium).findByText('per month · ask the team, or redeem an upgrade code')).toBeInTheDocument();
  });

  it('says exactly what each plan gives: whole courses free, what is marked Premium with Premium', async () => {
    renderPricing(true);
    expect(screen.getByText(FREE_PLAN_SUMMARY, { exact: false })).toBeInTheDocument();
    const free = screen.getByRole('article', { name: 'Free' });
    const premium = screen.getByRole('article', { name: 'Premium' });
    for (const feature of PLAN_FEATURES.free) expect(within(free).getByText(feature)).toBeInTheDocument();
    for (const feature of PLAN_FEATURES.premium) expect(within(premium).getByText(feature)).toBeInTheDocument();
    expect(
      within(free).getByText(
        'Whole courses with their certificates, Linux Fundamentals and Networking Essentials among them',
      ),
    ).toBeInTheDocument();
    expect(await within(premium).findByText('$9')).toBeInTheDocument();
  });
});
