import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { status } from '@test/features/subscription/fixtures.ts';
import { renderSubscription } from '@test/features/subscription/render.tsx';

describe('the subscription page has no axe violations', () => {
  it('free, with online payments and a cancelled checkout', async () => {
    server.use(http.get('/api/subscription/', () => HttpResponse.json(status())));
    renderSubscription('/subscription?checkout=cancelled');
    await screen.findByRole('button', { name: 'Upgrade to Premium' });
    expect(await axeViolations()).toEqual([]);
  });

  it('free, without online payments', async () => {
    server.use(http.get('/api/subscription/', () => HttpResponse.json(status({ payments_enabled: false }))));
    renderSubscription();
    await screen.findByRole('region', { name: 'How to get Premium' });
    expect(await axeViolations()).toEqual([]);
  });

  it('premium, back from a paid checkout', async () => {
    server.use(
      http.get('/api/subscription/', () =>
        HttpResponse.json(status({ is_premium: true, source: 'stripe', premium_until: '2026-09-01T12:00:00Z' })),
      ),
    );
    renderSubscription('/subscription?checkout=success');
    await screen.findByText('Welcome to Premium!');
    expect(await axeViolations()).toEqual([]);
  });
});
