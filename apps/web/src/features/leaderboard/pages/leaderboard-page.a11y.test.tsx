import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { board, entry } from '@test/features/leaderboard/fixtures.ts';
import { renderLeaderboard } from '@test/features/leaderboard/render.tsx';

describe('the leaderboard page has no axe violations', () => {
  it('a page with the own rank pinned below, medals, flags and streak tiers', async () => {
    server.use(
      http.get('/api/leaderboard/', () =>
        HttpResponse.json(
          board({
            count: 60,
            me: { rank: 42, points: 120 },
            results: [
              entry({ rank: 1, username: 'grace', photo: '/media/avatars/grace.webp', streak: 20, points: 900 }),
              entry({ rank: 2, username: 'linus', country: 'FI', streak: 8, points: 800 }),
              entry({ rank: 3, username: 'ken', country: 'US', streak: 1, points: 700 }),
              entry({ rank: 4, username: 'nobody', country: '', streak: 0, points: 600 }),
            ],
          }),
        ),
      ),
    );
    renderLeaderboard();
    await screen.findByRole('region', { name: 'Your rank · All time' });
    expect(await axeViolations()).toEqual([]);
  });

  it('the own row highlighted on the page', async () => {
    server.use(
      http.get('/api/leaderboard/', () => HttpResponse.json(board({ period: 'week', me: { rank: 2, points: 9997 } }))),
    );
    renderLeaderboard('/leaderboard?period=week');
    await screen.findByText('You');
    expect(await axeViolations()).toEqual([]);
  });

  it('an empty board', async () => {
    server.use(http.get('/api/leaderboard/', () => HttpResponse.json(board({ period: 'month', count: 0, rows: 0 }))));
    renderLeaderboard('/leaderboard?period=month');
    await screen.findByRole('heading', { name: 'The board is empty' });
    expect(await axeViolations()).toEqual([]);
  });
});
