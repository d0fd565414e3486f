import { COUPON_MESSAGES } from '@bastion/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { paged, pointsRow } from '@test/features/profile/fixtures.ts';
import { profileHandlers } from '@test/features/profile/handlers.ts';
import { renderProfile } from '@test/features/profile/render.tsx';

/** axe over the whole page, 365-day grid included, takes several seconds in jsdom. */
const AXE_TIMEOUT_MS = 30_000;

describe('/profile has no axe violations', () => {
  it(
    'with every section loaded and several pages of points',
    async () => {
      server.use(
        ...profileHandlers(http.get('/api/points/pointshistory/', () => HttpResponse.json(paged([pointsRow()], 35)))),
      );
      renderProfile();
      await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
      await screen.findByRole('list', { name: 'Your figures' });
      await screen.findByRole('list', { name: 'Earned badges' });
      await screen.findByRole('list', { name: 'Certificates' });
      await screen.findByRole('navigation', { name: 'Pages of your points history' });
      await screen.findByRole('list', { name: 'Challenge history' });
      await screen.findByRole('list', { name: 'Module progress' });
      await screen.findByRole('list', { name: 'Redeemed codes' });
      expect(await axeViolations()).toEqual([]);
    },
    AXE_TIMEOUT_MS,
  );

  it(
    'with the locked badges tab open and a refused reward code',
    async () => {
      server.use(
        ...profileHandlers(
          http.post('/api/coupons/redeem/:code/', () =>
            HttpResponse.json({ error: COUPON_MESSAGES.expired }, { status: 400 }),
          ),
        ),
      );
      const { user } = renderProfile();
      const badges = await screen.findByRole('region', { name: 'Badges' });
      await user.click(await within(badges).findByRole('tab', { name: /Locked/ }));
      await within(badges).findByRole('progressbar', { name: 'Bookworm progress' });
      await user.type(screen.getByRole('textbox', { name: 'Reward code' }), 'OLD');
      await user.click(screen.getByRole('button', { name: 'Redeem' }));
      await screen.findAllByText('This reward code has expired.');
      expect(await axeViolations()).toEqual([]);
    },
    AXE_TIMEOUT_MS,
  );

  it(
    'while loading and when a section fails',
    async () => {
      server.use(
        ...profileHandlers(
          http.get('/api/users/certificates/', () =>
            HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 }),
          ),
        ),
      );
      renderProfile();
      expect(await axeViolations()).toEqual([]);
      await screen.findByText(/Could not load your certificates/);
      expect(await axeViolations()).toEqual([]);
    },
    AXE_TIMEOUT_MS,
  );
});
