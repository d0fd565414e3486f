import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { server } from '@test/server.ts';
import { board, entry } from '@test/features/leaderboard/fixtures.ts';
import { renderLeaderboard } from '@test/features/leaderboard/render.tsx';

/** Serves `answer(period, page)` and records every request's query. */
function serveBoard(answer: (period: string, page: number) => ReturnType<typeof board>) {
  const requests: { period: string | null; page: string | null }[] = [];
  server.use(
    http.get('/api/leaderboard/', ({ request }) => {
      const url = new URL(request.url);
      const period = url.searchParams.get('period');
      const page = url.searchParams.get('page');
      requests.push({ period, page });
      return HttpResponse.json(answer(period ?? 'all', Number(page ?? 1)));
    }),
  );
  return requests;
}

const rowOf = (username: string) => screen.getByText(username, { selector: 'td span, td a' }).closest('tr')!;
const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('LeaderboardPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a loading state, then the ranked learners with avatar, country, points and streak tier', async () => {
    serveBoard(() =>
      board({
        count: 3,
        results: [
          entry({
            rank: 1,
            username: 'grace',
            photo: '/media/avatars/grace.webp',
            country: 'DE',
            points: 1250,
            streak: 16,
          }),
          entry({ rank: 2, username: 'linus', country: 'FI', points: 900, streak: 7 }),
          entry({ rank: 3, username: 'ken', country: 'US', points: 15, streak: 0 }),
        ],
      }),
    );
    renderLeaderboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the leaderboard…');

    const table = await screen.findByRole('table', { name: 'Leaderboard, all time, page 1 of 1' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Learner', 'Country', 'Points', 'Streak']);

    const grace = within(rowOf('grace'));
    expect(grace.getByRole('cell', { name: '1' })).toBeInTheDocument();
    expect(grace.getByRole('cell', { name: '1,250' })).toBeInTheDocument();
    expect(rowOf('grace').querySelector('img')).toHaveAttribute('src', '/media/avatars/grace.webp');
    expect(grace.getByRole('img', { name: 'Germany' })).toHaveAttribute('src', expect.stringMatching(/\/DE\.svg/));
    expect(grace.getByRole('img', { name: 'Streak: 16 days (legendary)' })).toHaveAttribute('data-tier', 'legendary');

    expect(rowOf('linus').querySelector('img')).toHaveAttribute('src', defaultAvatar);
    expect(within(rowOf('linus')).getByRole('img', { name: 'Finland' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/FI\.svg/),
    );
    expect(within(rowOf('linus')).getByRole('img', { name: 'Streak: 7 days (epic)' })).toBeInTheDocument();
    expect(within(rowOf('ken')).getByRole('img', { name: 'Streak: 0 days (no streak)' })).toHaveAttribute(
      'data-tier',
      'none',
    );
    expect(screen.getByText('Ranks 1–3 of 3 learners')).toBeInTheDocument();
  });

  it('switching period keeps it in the address and asks the server for that period from page 1', async () => {
    const requests = serveBoard((period, page) => board({ period: period as 'all', page, count: 60 }));
    const { user, router } = renderLeaderboard('/leaderboard?page=2');
    await screen.findByRole('table', { name: 'Leaderboard, all time, page 2 of 3' });
    expect(requests.at(-1)).toEqual({ period: 'all', page: '2' });
    expect(screen.getByRole('tab', { name: 'All time' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'This week' }));
    await screen.findByRole('table', { name: 'Leaderboard, this week, page 1 of 3' });
    expect(router.state.location.search).toBe('?period=week');
    expect(requests.at(-1)).toEqual({ period: 'week', page: '1' });
    expect(screen.getByRole('tab', { name: 'This week' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'This week' })).toBeInTheDocument();

    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    await user.click(screen.getByRole('button', { name: 'Go to page 3' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await screen.findByRole('table', { name: 'Leaderboard, this week, page 3 of 3' });
    expect(router.state.location.search).toBe('?period=week&page=3');
    expect(requests.at(-1)).toEqual({ period: 'week', page: '3' });
    expect(screen.getByRole('cell', { name: 'learner51' })).toBeInTheDocument();
  });

  it('reads the period from the address', async () => {
    const requests = serveBoard((period) => board({ period: period as 'month' }));
    renderLeaderboard('/leaderboard?period=month');
    await screen.findByRole('table', { name: 'Leaderboard, this month, page 1 of 1' });
    expect(requests).toEqual([{ period: 'month', page: '1' }]);
    expect(screen.getByRole('tab', { name: 'This month' })).toHaveAttribute('aria-selected', 'true');
  });

  it('pins the own rank below the table when it is further down, with a link to its page', async () => {
    serveBoard(() => board({ count: 80, rows: 25, me: { rank: 60, points: 340 } }));
    renderLeaderboard();
    const table = await screen.findByRole('table');
    const pinned = screen.getByRole('region', { name: 'Your rank · All time' });
    expect(pinned).toHaveTextContent('#60 · 340 points');
    expect(follows(table, pinned)).toBe(true);
    expect(within(pinned).getByRole('link', { name: 'Show my page' })).toHaveAttribute(
      'href',
      '/leaderboard?period=all&page=3',
    );
    expect(within(table).queryByText('You')).not.toBeInTheDocument();
    expect(table.querySelector('[aria-current]')).toBeNull();
  });

  it('pins the own rank above the table when it is higher up', async () => {
    serveBoard((period, page) => board({ period: period as 'week', page, count: 80, me: { rank: 3, points: 9000 } }));
    renderLeaderboard('/leaderboard?period=week&page=2');
    const table = await screen.findByRole('table');
    const pinned = screen.getByRole('region', { name: 'Your rank · This week' });
    expect(pinned).toHaveTextContent('#3 · 9,000 points');
    expect(follows(pinned, table)).toBe(true);
    expect(within(pinned).getByRole('link', { name: 'Show my page' })).toHaveAttribute(
      'href',
      '/leaderboard?period=week',
    );
  });

  it('highlights the own row, without a pinned copy, when it is on the page', async () => {
    serveBoard(() => board({ count: 3, me: { rank: 2, points: 9997 } }));
    renderLeaderboard();
    await screen.findByRole('table');
    const mine = rowOf('learner2');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(rowOf('learner1')).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('region', { name: /Your rank/ })).not.toBeInTheDocument();
  });

  it('says so when the learner has no points in the period yet', async () => {
    serveBoard(() => board({ period: 'week', count: 3, me: { rank: null, points: 0 } }));
    renderLeaderboard('/leaderboard?period=week');
    const pinned = await screen.findByRole('region', { name: 'Your rank · This week' });
    expect(pinned).toHaveTextContent('You have not earned points this week yet.');
    expect(within(pinned).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links a learner to their public profile only when it is public', async () => {
    serveBoard(() =>
      board({
        results: [
          entry({ rank: 1, username: 'open_book', profile_public: true }),
          entry({ rank: 2, username: 'closed_book', profile_public: false }),
        ],
      }),
    );
    renderLeaderboard();
    await screen.findByRole('table');
    expect(within(rowOf('open_book')).getByRole('link', { name: 'open_book' })).toHaveAttribute(
      'href',
      '/profile/open_book',
    );
    expect(within(rowOf('closed_book')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a learner whose public profile is off as the anonymous label, unlinked, with the default photo', async () => {
    serveBoard(() =>
      board({
        results: [
          entry({ rank: 1, username: 'open_book', profile_public: true }),
          entry({ rank: 2, username: null, photo: null, profile_public: false }),
          entry({ rank: 3, username: null, photo: null, profile_public: false }),
        ],
      }),
    );
    renderLeaderboard();
    await screen.findByRole('table');
    const hidden = screen.getAllByText('A Bastion learner', { selector: 'td span' });
    expect(hidden).toHaveLength(2);
    for (const name of hidden) expect(within(name.closest('tr')!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('names every flag, and an unknown country too', async () => {
    serveBoard(() =>
      board({
        results: [
          entry({ rank: 1, username: 'ines', country: 'PT' }),
          entry({ rank: 2, username: 'kofi', country: 'gh' }),
          entry({ rank: 3, username: 'nobody', country: '' }),
        ],
      }),
    );
    renderLeaderboard();
    await screen.findByRole('table');
    expect(within(rowOf('ines')).getByRole('img', { name: 'Portugal' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/PT\.svg/),
    );
    expect(within(rowOf('kofi')).getByRole('img', { name: 'Ghana' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/GH\.svg/),
    );
    expect(within(rowOf('nobody')).getByText('No country')).toBeInTheDocument();
  });

  it('shows an empty board, and a way back from a page past the end', async () => {
    server.use(
      http.get('/api/leaderboard/', ({ request }) =>
        new URL(request.url).searchParams.get('page') === '9'
          ? HttpResponse.json({ detail: 'Not found.' }, { status: 404 })
          : HttpResponse.json(board({ period: 'month', count: 0, rows: 0 })),
      ),
    );
    const { user, router } = renderLeaderboard('/leaderboard?period=month&page=9');
    await user.click(await screen.findByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?period=month'));
    expect(await screen.findByRole('heading', { name: 'The board is empty' })).toBeInTheDocument();
    expect(screen.getByText(/No one has earned points this month yet/)).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/api/leaderboard/', () =>
        fail ? HttpResponse.json({ detail: 'Boom.' }, { status: 500 }) : HttpResponse.json(board()),
      ),
    );
    const { user } = renderLeaderboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the leaderboard. Boom.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('says the board is hidden, and until when, instead of ranks', async () => {
    serveBoard(() => ({
      ...board({ count: 0, results: [], me: { rank: null, points: 40 } }),
      status: { mode: 'hidden', since: '2026-11-30T08:00:00.000Z', until: '2026-12-01T18:00:00.000Z' },
    }));
    renderLeaderboard();
    expect(await screen.findByRole('heading', { name: 'The leaderboard is hidden' })).toBeInTheDocument();
    expect(screen.getByText(/The leaderboard is hidden until .*2026.*Your points still count/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a frozen board shows the ranks as at the freeze', async () => {
    serveBoard(() => ({
      ...board({ count: 3 }),
      status: { mode: 'frozen', since: '2026-11-30T08:00:00.000Z', until: null },
    }));
    renderLeaderboard();
    await screen.findByRole('table');
    expect(screen.getByText(/The leaderboard is frozen: ranks are shown as they stood at .*2026/)).toBeInTheDocument();
  });
});
