import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, learnerRow, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const FEEDBACK = {
  id: '00000000-0000-4000-8000-000000000401',
  user_id: learnerRow(1).id,
  username: 'learner1',
  rating: 2,
  content: 'The labs are slow to boot',
  created_at: '2026-11-20T10:00:00.000Z',
  handled_at: null,
  handled_by: null,
};
const MESSAGE = {
  id: '00000000-0000-4000-8000-000000000402',
  name: 'Kim',
  email: 'kim@example.test',
  subject: 'Invoice please',
  message: 'For my employer.',
  created_at: '2026-11-21T10:00:00.000Z',
  handled_at: '2026-11-22T10:00:00.000Z',
  handled_by: 'grace',
};

function serve() {
  const state = { queries: [] as string[], handled: [] as string[] };
  let handled = false;
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/inbox/feedback/', ({ request }) => {
      state.queries.push(`feedback${new URL(request.url).search}`);
      return HttpResponse.json(
        paged([{ ...FEEDBACK, ...(handled ? { handled_at: '2026-11-27T10:00:00.000Z', handled_by: 'grace' } : {}) }]),
      );
    }),
    http.get('*/api/admin/inbox/contact/', ({ request }) => {
      state.queries.push(`contact${new URL(request.url).search}`);
      return HttpResponse.json(paged([MESSAGE]));
    }),
    http.post('*/api/admin/inbox/:kind/:id/handled/', ({ params }) => {
      state.handled.push(`${String(params.kind)}/${String(params.id)}`);
      handled = true;
      return HttpResponse.json({ id: params.id, handled_at: '2026-11-27T10:00:00.000Z', handled_by: 'grace' });
    }),
  );
  return state;
}

describe('AdminInboxPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists open feedback with rating, text, learner and date, and marks it handled', async () => {
    const state = serve();
    const { user } = renderRoutes('/admin/inbox', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Feedback' });
    const row = within(table).getByText('The labs are slow to boot').closest('tr')!;
    expect(row).toHaveTextContent('2 of 5');
    expect(within(row).getByRole('link', { name: 'learner1' })).toBeInTheDocument();
    expect(state.queries).toEqual(['feedback?status=open&page=1&page_size=25']);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(row).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Marked handled.')).toBeInTheDocument();
    expect(state.handled).toEqual([`feedback/${FEEDBACK.id}`]);
    await waitFor(() => expect(within(table).getByText(/Handled by grace/)).toBeInTheDocument());
  });

  it('filters by rating, and shows contact messages', async () => {
    const state = serve();
    const { user } = renderRoutes('/admin/inbox', adminRoutes);
    await screen.findByRole('table', { name: 'Feedback' });
    await user.click(screen.getByRole('combobox', { name: 'Rating' }));
    await user.click(screen.getByRole('option', { name: '2 of 5' }));
    await waitFor(() => expect(state.queries.at(-1)).toContain('rating=2'));
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(screen.getByRole('option', { name: 'Contact messages' }));
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    expect(within(table).getByRole('link', { name: 'kim@example.test' })).toHaveAttribute(
      'href',
      'mailto:kim@example.test',
    );
    expect(table).toHaveTextContent('Handled by grace');
    expect(state.queries.at(-1)).not.toContain('rating');
  });
});
