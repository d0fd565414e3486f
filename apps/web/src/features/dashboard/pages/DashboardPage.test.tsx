import type { DashboardSummary } from '@bastion/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { DashboardPage } from './DashboardPage.tsx';

const SUMMARY: DashboardSummary = {
  points: 1234,
  rank: 42,
  streak: { current: 3, longest: 9, active_today: false },
  continue_learning: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      slug: 'shell-basics',
      title: 'Shell Basics',
      summary: 'Move around a Linux system.',
      image: null,
      difficulty: 'easy',
      course: { id: '00000000-0000-4000-8000-0000000000c1', slug: 'linux', title: 'Linux Fundamentals' },
      progress: 40,
      items_completed: 2,
      items_total: 5,
      last_activity: '2026-11-20T10:00:00Z',
    },
  ],
  recent_activity: [
    {
      id: '00000000-0000-4000-8000-0000000000b1',
      points: 20,
      reason: 'Quiz solved: Permissions',
      source_type: 'quiz',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  next_badges: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      slug: 'bookworm',
      name: 'Bookworm',
      description: 'Complete 10 lessons',
      image: null,
      points: 10,
      rule: { kind: 'lessons_completed', threshold: 10 },
      current: 4,
      target: 10,
    },
  ],
  counts: {
    lessons_completed: 4,
    quizzes_solved: 3,
    modules_completed: 1,
    courses_completed: 0,
    challenges_completed: 2,
    badges_earned: 5,
  },
};

function serve(summary: DashboardSummary | null) {
  server.use(
    http.get('*/api/dashboard/summary/', () =>
      summary ? HttpResponse.json(summary) : HttpResponse.json({ detail: 'down' }, { status: 500 }),
    ),
  );
}

const renderPage = () => renderRoutes('/dashboard', [{ path: '/dashboard', element: <DashboardPage /> }]);

describe('DashboardPage', () => {
  beforeEach(() => signIn('ada'));

  it('shows points, rank, streak, continue learning, recent activity and next badges', async () => {
    serve(SUMMARY);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Welcome back, ada' })).toBeInTheDocument();
    const stats = await screen.findByRole('list', { name: 'Your progress' });
    expect(stats).toHaveTextContent('1,234');
    expect(stats).toHaveTextContent('#42');
    expect(stats).toHaveTextContent('3 days');
    const learning = screen.getByRole('region', { name: 'Continue learning' });
    expect(within(learning).getByRole('link', { name: /Shell Basics/ })).toHaveAttribute(
      'href',
      '/courses/module/00000000-0000-4000-8000-0000000000a1/lessons',
    );
    expect(within(learning).getByRole('progressbar', { name: 'Shell Basics progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('region', { name: 'Recent activity' })).toHaveTextContent(/Quiz solved: Permissions.*\+20/);
    expect(screen.getByRole('region', { name: 'Next badges' })).toHaveTextContent('4 / 10');
    expect(await axeViolations()).toEqual([]);
  });

  it('explains an unranked learner with nothing in progress', async () => {
    serve({ ...SUMMARY, rank: null, continue_learning: [], recent_activity: [] });
    renderPage();
    expect(await screen.findByText('Earn your first points to be ranked')).toBeInTheDocument();
    // A new learner is welcomed, not welcomed back.
    expect(screen.getByRole('heading', { name: 'Welcome, ada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });

  it('offers a retry when the summary cannot load', async () => {
    serve(null);
    renderPage();
    expect(await screen.findByText('Could not load your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
