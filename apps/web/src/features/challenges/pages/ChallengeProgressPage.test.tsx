import { CHALLENGE_MESSAGES, POLLING } from '@bastion/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@test/server.ts';
import { challengeLeaderboardQueryOptions } from '../api/get-challenge-leaderboard.ts';
import { CHALLENGE_ID, detail, leaderboard, progress } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengeProgressPage } from './ChallengeProgressPage.tsx';

const BASE = `/api/challenges/${CHALLENGE_ID}`;

function serve({ run = progress(), board = leaderboard() } = {}) {
  const calls = { leaderboard: 0 };
  server.use(
    http.get(`${BASE}/`, () => HttpResponse.json(detail({ status: run.status }))),
    http.get(`${BASE}/progress/`, () => HttpResponse.json(run)),
    http.get(`${BASE}/leaderboard/`, () => {
      calls.leaderboard += 1;
      return HttpResponse.json(board);
    }),
  );
  return calls;
}

const renderProgress = () =>
  renderPage('/challenges/:challengeId/progress', <ChallengeProgressPage />, `/challenges/${CHALLENGE_ID}/progress`);

describe('ChallengeProgressPage', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the totals, the rank and a timeline of the steps', async () => {
    serve();
    renderProgress();
    expect(await screen.findByRole('heading', { level: 1, name: 'Crumbs in the Source' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the challenge' })).toHaveAttribute(
      'href',
      `/challenges/${CHALLENGE_ID}`,
    );
    const run = screen.getByRole('region', { name: 'Your run' });
    expect(await within(run).findByText('37 of 55')).toBeInTheDocument();
    const terms = within(run)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(run)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      'Points earned': '37 of 55',
      'Hints used': '1',
      Rank: '#2',
      'Time taken': '26 min',
    });
    const items = within(run).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Step 1: Developer's note");
    expect(items[0]).toHaveTextContent(/Solved .*2026.* · 7 points/);
    expect(within(items[0]!).getByText('Hint used')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Hint used')).not.toBeInTheDocument();
    expect(document.title).toBe('Progress: Crumbs in the Source · Bastion');
  });

  it('an unfinished run shows what is left, and no rank yet', async () => {
    serve({
      run: progress({
        status: 'in_progress',
        completed_at: null,
        rank: null,
        time_taken_seconds: null,
        points_earned: 7,
        steps: progress().steps.map((step) =>
          step.order === 1 ? step : { ...step, solved: false, solved_at: null, points_awarded: 0 },
        ),
      }),
    });
    renderProgress();
    const run = await screen.findByRole('region', { name: 'Your run' });
    expect(await within(run).findByText('7 of 55')).toBeInTheDocument();
    expect(within(run).getByText('After completion')).toBeInTheDocument();
    expect(within(run).getByText('Started')).toBeInTheDocument();
    expect(within(run).getAllByText('Not solved yet')).toHaveLength(2);
  });

  it('a run not started yet points to the challenge', async () => {
    serve({ run: progress({ status: 'not_started', started_at: null, completed_at: null, rank: null }) });
    renderProgress();
    expect(await screen.findByRole('heading', { name: 'Not started yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the challenge' })).toHaveAttribute(
      'href',
      `/challenges/${CHALLENGE_ID}`,
    );
  });

  it("shows the leaderboard with the learner's own row highlighted", async () => {
    serve();
    renderProgress();
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    const table = await within(board).findByRole('table');
    expect(within(board).getByText('2 learners solved this challenge. Updated every 30 seconds.')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#1grace');
    expect(within(rows[0]!).getByText('First blood')).toBeInTheDocument();
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(within(rows[1]!).getByText('You')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('37');
    expect(rows[1]).toHaveTextContent('26 min');
  });

  it('shows solvers whose public profile is off as the anonymous label, never as the learner', async () => {
    const base = leaderboard().results[0]!;
    serve({
      board: {
        results: [
          { ...base, rank: 1, username: null, photo: null },
          { ...base, rank: 2, username: null, photo: null, first_blood: false },
        ],
        total_solves: 2,
      },
    });
    renderProgress();
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    const rows = within(await within(board).findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    for (const [index, row] of rows.entries()) {
      expect(row).toHaveTextContent(`#${index + 1}A Bastion learner`);
      expect(row).not.toHaveAttribute('aria-current');
      expect(within(row).queryByText('You')).not.toBeInTheDocument();
    }
  });

  it('an empty leaderboard says so', async () => {
    serve({ board: { results: [], total_solves: 0 } });
    renderProgress();
    expect(await screen.findByText('No one has solved this challenge yet. Be the first.')).toBeInTheDocument();
  });

  it('polls the leaderboard every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve();
    renderProgress();
    await screen.findByRole('table');
    expect(calls.leaderboard).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(POLLING.challengeLeaderboardMs - 1_000));
    expect(calls.leaderboard).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(calls.leaderboard).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(POLLING.challengeLeaderboardMs));
    await waitFor(() => expect(calls.leaderboard).toBe(3));
  });

  it('keeps the leaderboard fresh for 15 s and refetches every 30 s (R9)', () => {
    const options = challengeLeaderboardQueryOptions(CHALLENGE_ID);
    expect(options.refetchInterval).toBe(30_000);
    expect(options.staleTime).toBe(15_000);
  });

  it('a locked premium challenge shows the lock in place of the run', async () => {
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json(detail({ is_premium: true, locked: true }))),
      http.get(`${BASE}/progress/`, () =>
        HttpResponse.json({ detail: CHALLENGE_MESSAGES.premiumRequired }, { status: 403 }),
      ),
      http.get(`${BASE}/leaderboard/`, () => HttpResponse.json(leaderboard())),
    );
    renderProgress();
    expect(await screen.findByRole('heading', { name: 'This challenge is part of Premium' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/subscription');
  });

  it('an unknown challenge shows not-found', async () => {
    server.use(
      http.get('/api/challenges/:id/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.get('/api/challenges/:id/progress/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.get('/api/challenges/:id/leaderboard/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderProgress();
    expect(await screen.findByRole('heading', { name: 'Challenge not found' })).toBeInTheDocument();
  });
});
