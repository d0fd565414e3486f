import { SCOREBOARD_MESSAGES, type ScoreboardStatus } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const SOLVE = {
  kind: 'challenge',
  id: '0195f0a4-1111-7000-8000-000000000001',
  title: 'Cookie Monster',
  points: 30,
  solved_at: '2026-11-29T10:00:00.000Z',
};

function serve() {
  let status: ScoreboardStatus = { mode: 'live', since: null, until: null };
  const sent: { states: unknown[]; adjustments: unknown[]; removals: unknown[] } = {
    states: [],
    adjustments: [],
    removals: [],
  };
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/scoreboard/', () => HttpResponse.json(status)),
    http.put('*/api/admin/scoreboard/', async ({ request }) => {
      const body = (await request.json()) as { mode: ScoreboardStatus['mode']; until: string | null };
      sent.states.push(body);
      status = { mode: body.mode, since: body.mode === 'live' ? null : '2026-11-30T06:00:00.000Z', until: body.until };
      return HttpResponse.json(status);
    }),
    http.post('*/api/admin/scoreboard/adjustments/', async ({ request }) => {
      const body = (await request.json()) as { username: string; points: number };
      sent.adjustments.push(body);
      if (body.points < -20) {
        return HttpResponse.json({ detail: SCOREBOARD_MESSAGES.tooFew(20) }, { status: 409 });
      }
      return HttpResponse.json({
        username: body.username,
        points: body.points,
        total_before: 20,
        total_after: 20 + body.points,
      });
    }),
    http.get('*/api/admin/scoreboard/solves/', ({ request }) => {
      const username = new URL(request.url).searchParams.get('username');
      if (username !== 'ada') return HttpResponse.json({ detail: 'No user named "bob".' }, { status: 404 });
      return HttpResponse.json({ username: 'ada', points: 45, results: [SOLVE] });
    }),
    http.post('*/api/admin/scoreboard/removals/', async ({ request }) => {
      sent.removals.push(await request.json());
      return HttpResponse.json({ username: 'ada', title: SOLVE.title, points_removed: 30, total_after: 15 });
    }),
  );
  return sent;
}

describe('AdminScoreboardPage', () => {
  beforeEach(() => signIn('grace'));

  it('freezes the leaderboard with an end, then shows it again', async () => {
    const sent = serve();
    const { user } = renderRoutes('/admin/scoreboard', adminRoutes);
    expect(await screen.findByText('The leaderboard is live.', {})).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('radio', { name: /Frozen/ }));
    await user.type(screen.getByLabelText('Ends at (optional)'), '2030-01-02T03:04');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent.states).toHaveLength(1));
    expect(sent.states[0]).toEqual({ mode: 'frozen', until: new Date('2030-01-02T03:04').toISOString() });
    expect(await screen.findByText(/The leaderboard is frozen since .* until .*2030/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Live/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent.states).toEqual([expect.anything(), { mode: 'live', until: null }]));
  });

  it('deducts points with a reason, and shows why the server refuses', async () => {
    const sent = serve();
    const { user } = renderRoutes('/admin/scoreboard', adminRoutes);
    const form = await screen.findByRole('form', { name: 'Award or deduct points' });
    await user.click(within(form).getByRole('radio', { name: 'Deduct points' }));
    await user.type(within(form).getByLabelText(/Username/), 'ada');
    await user.type(within(form).getByLabelText(/^Points/), '50');
    await user.type(within(form).getByLabelText(/Reason/), 'Shared flags');
    await user.click(within(form).getByRole('button', { name: 'Deduct points' }));
    expect(await within(form).findByText(SCOREBOARD_MESSAGES.tooFew(20))).toBeInTheDocument();
    expect(sent.adjustments).toEqual([{ username: 'ada', points: -50, reason: 'Shared flags' }]);

    await user.clear(within(form).getByLabelText(/^Points/));
    await user.type(within(form).getByLabelText(/^Points/), '5');
    await user.click(within(form).getByRole('button', { name: 'Deduct points' }));
    expect(await screen.findByText('Deducted 5 points: ada now has 15.')).toBeInTheDocument();
  });

  it("lists a learner's solves and removes one with a reason", async () => {
    const sent = serve();
    const { user } = renderRoutes('/admin/scoreboard', adminRoutes);
    const finder = await screen.findByRole('form', { name: "Find a learner's solves" });
    await user.type(within(finder).getByLabelText('Username'), 'ada');
    await user.click(within(finder).getByRole('button', { name: 'Show solves' }));
    const table = await screen.findByRole('table', { name: 'Solves of ada' });
    expect(within(table).getByText('Cookie Monster').closest('tr')).toHaveTextContent('Challenge');
    expect(await axeViolations()).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Remove the solve of Cookie Monster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove ada’s solve?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Flag posted online');
    await user.click(within(dialog).getByRole('button', { name: 'Remove solve' }));
    await waitFor(() =>
      expect(sent.removals).toEqual([
        { username: 'ada', kind: 'challenge', id: SOLVE.id, reason: 'Flag posted online' },
      ]),
    );
    expect(await screen.findByText("Removed ada's solve of Cookie Monster (30 points).")).toBeInTheDocument();
  });
});
