import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuickSolver, SharedAnswer } from '@bastion/contract';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const SHARED: SharedAnswer = {
  id: '00000000-0000-4000-8000-000000000301',
  at: '2026-11-29T08:15:00.000Z',
  item: { type: 'quiz', id: '00000000-0000-4000-8000-000000000302', title: 'Which tar Runs?' },
  secret: 'flag',
  learner: { id: '00000000-0000-4000-8000-000000000303', username: 'mallory' },
  owner: { id: '00000000-0000-4000-8000-000000000304', username: 'alice' },
};

const QUICK: QuickSolver = {
  learner: SHARED.learner,
  solves: 2,
  without_lab: 2,
  first_at: '2026-11-29T08:15:00.000Z',
  last_at: '2026-11-29T08:15:04.000Z',
  items: ['Which tar Runs?', 'A Wildcard Too Many'],
};

describe('AdminIntegrityPage', () => {
  beforeEach(() => signIn('grace'));

  it("lists answers that were another learner's, with both learners linked", async () => {
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/shared-answers/', () => HttpResponse.json(paged([SHARED]))),
      http.get('*/api/admin/quick-solves/', () => HttpResponse.json(paged([QUICK]))),
    );
    renderRoutes('/admin/integrity', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Shared answers' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getByRole('link', { name: 'mallory' })).toHaveAttribute(
      'href',
      `/admin/learners/${SHARED.learner.id}`,
    );
    expect(within(row!).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      `/admin/learners/${SHARED.owner.id}`,
    );
    expect(within(row!).getByRole('link', { name: 'Submissions to Which tar Runs?' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/submissions\?item=/),
    );
    expect(within(row!).getByText('quiz, secret flag')).toBeInTheDocument();
    const quick = await screen.findByRole('table', { name: 'Quick solves' });
    const [, solver] = within(quick).getAllByRole('row');
    expect(within(solver!).getByRole('link', { name: 'mallory' })).toBeInTheDocument();
    expect(within(solver!).getByText('Which tar Runs?, A Wildcard Too Many')).toBeInTheDocument();
    expect(within(solver!).getByRole('link', { name: 'Right answers of mallory' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/admin\/submissions\?learner=.+&result=right$/),
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('says so when nobody has shared an answer', async () => {
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/shared-answers/', () => HttpResponse.json(paged([]))),
    );
    renderRoutes('/admin/integrity', adminRoutes);
    expect(await screen.findByText('No shared answers', {})).toBeInTheDocument();
  });
});
