import type { Overview } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const series = (counts: number[]) => counts.map((count, index) => ({ day: `2026-11-0${index + 1}`, count }));
const OVERVIEW: Overview = {
  days: 7,
  learners: { total: 1200, active_1d: 40, active_7d: 300, active_30d: 700 },
  new_learners: series([1, 2, 3]),
  module_completions: series([4, 5, 6]),
  challenge_solves: series([0, 1, 0]),
  hints_taken: series([2, 2, 2]),
  most_finished_modules: [{ id: 'm1', title: 'Shell basics', context: 'easy', count: 90 }],
  least_finished_modules: [{ id: 'm2', title: 'Kernel exploits', context: 'hard', count: 1 }],
  most_missed_quizzes: [{ id: 'q1', title: 'Subnet mask', context: 'Networking', count: 57 }],
  most_missed_steps: [{ id: 's1', title: 'Find the key', context: 'Lost key', count: 12 }],
  feedback_ratings: [{ day: '2026-11-02', average: 4.5, count: 2 }],
};

describe('AdminOverviewPage', () => {
  beforeEach(() => signIn('grace'));

  it('shows the figures, each as a table for screen readers with a CSV export', async () => {
    const asked: string[] = [];
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/overview/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(OVERVIEW);
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const { user } = renderRoutes('/admin/overview', adminRoutes);
    const tiles = await screen.findByRole('list', { name: 'Learners' });
    expect(tiles).toHaveTextContent('1,200');
    expect(tiles).toHaveTextContent('Active in 7 days300');
    const completions = screen.getByRole('table', { name: 'Completions and solves per day' });
    const rows = within(completions).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DayModules completedChallenges solved');
    expect(rows[2]).toHaveTextContent('2026-11-0251');
    expect(screen.getByRole('table', { name: 'Quizzes with the most wrong answers' })).toHaveTextContent(
      'Subnet mask (Networking)57',
    );
    expect(screen.getByRole('table', { name: 'Challenge steps with the most wrong answers' })).toHaveTextContent(
      'Find the key (Lost key)12',
    );
    expect(asked).toEqual(['?days=30']);
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Download Completions and solves per day as CSV' }));
    const blob = created.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(
      'Day,Modules completed,Challenges solved\r\n2026-11-01,4,0\r\n2026-11-02,5,1\r\n2026-11-03,6,0\r\n',
    );
    created.mockRestore();

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Last 90 days' }));
    await waitFor(() => expect(asked.at(-1)).toBe('?days=90'));
  });

  it('shows the empty state for figures with nothing to count, not modules or days at 0', async () => {
    const unfinished = ['Access', 'Bash', 'Crypto'].map((title, index) => ({
      id: `m${index}`,
      title,
      context: 'easy',
      count: 0,
    }));
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/overview/', () =>
        HttpResponse.json({
          ...OVERVIEW,
          most_finished_modules: unfinished,
          least_finished_modules: [],
          most_missed_quizzes: [],
          hints_taken: series([0, 0, 0]),
        }),
      ),
    );
    renderRoutes('/admin/overview', adminRoutes);
    for (const title of ['Most finished modules', 'Least finished modules', 'Quizzes with the most wrong answers']) {
      const figure = await screen.findByRole('region', { name: title });
      expect(within(figure).getByText('Nothing yet.')).toBeInTheDocument();
      expect(within(figure).queryByRole('table')).not.toBeInTheDocument();
    }
    const hints = screen.getByRole('region', { name: 'Hints taken per day' });
    expect(within(hints).getByText('None in this period.')).toBeInTheDocument();
    expect(within(hints).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Challenge steps with the most wrong answers' })).toBeInTheDocument();
  });
});
