import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, learnerRow, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

function serve() {
  const queries: URLSearchParams[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/learners/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      if (params.get('search') === 'nobody') return HttpResponse.json(paged([]));
      const rows = [learnerRow(1, { is_premium: true }), learnerRow(2, { is_active: false, is_staff: true })];
      return HttpResponse.json(paged(rows));
    }),
  );
  return queries;
}

describe('AdminLearnersPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists learners with their status and links to each one', async () => {
    const queries = serve();
    renderRoutes('/admin/learners', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Learners' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'learner1' })).toHaveAttribute(
      'href',
      `/admin/learners/${learnerRow(1).id}`,
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Submissions of learner1' })).toHaveAttribute(
      'href',
      `/admin/submissions?learner=${learnerRow(1).id}`,
    );
    expect(within(rows[1]!).getByText('Premium')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Disabled')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Staff')).toBeInTheDocument();
    expect(queries[0]!.get('sort')).toBe('-date_joined');
    expect(screen.getByRole('link', { name: 'Learners' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it('searches and sorts', async () => {
    const queries = serve();
    const { user } = renderRoutes('/admin/learners', adminRoutes);
    await screen.findByRole('table', { name: 'Learners' });
    await user.click(screen.getByRole('combobox', { name: 'Order' }));
    await user.click(screen.getByRole('option', { name: 'Most points' }));
    await waitFor(() => expect(queries.at(-1)!.get('sort')).toBe('-points'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByRole('heading', { name: 'No learners found' })).toBeInTheDocument();
    expect(queries.at(-1)!.get('search')).toBe('nobody');
    expect(queries.at(-1)!.get('sort')).toBe('-points');
  });

  it('lists learners only, and staff or everyone when asked', async () => {
    const queries = serve();
    const { user, router } = renderRoutes('/admin/learners', adminRoutes);
    await screen.findByRole('table', { name: 'Learners' });
    expect(queries[0]!.get('role')).toBe('learners');
    await user.click(screen.getByRole('combobox', { name: 'Accounts' }));
    await user.click(screen.getByRole('option', { name: 'Staff' }));
    await waitFor(() => expect(queries.at(-1)!.get('role')).toBe('staff'));
    expect(router.state.location.search).toBe('?role=staff');
    expect(await screen.findByRole('table', { name: 'Staff accounts' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Accounts' }));
    await user.click(screen.getByRole('option', { name: 'Everyone' }));
    await waitFor(() => expect(queries.at(-1)!.get('role')).toBe('everyone'));
  });
});
