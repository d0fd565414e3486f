import { SUBMISSIONS_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, paged, submission } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const ITEM_ID = '00000000-0000-4000-8000-000000000777';

function serveSubmissions() {
  const queries: string[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/submissions/', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      if (url.searchParams.get('learner') === '00000000-0000-4000-8000-00000000dead') {
        return HttpResponse.json({ learner: [SUBMISSIONS_MESSAGES.unknownLearner] }, { status: 400 });
      }
      const entries = [
        submission(1, {
          correct: true,
          fingerprint: null,
          same_answer_learners: 0,
          item: { type: 'challenge', id: '00000000-0000-4000-8000-000000000888', title: 'Web Login', step: 2 },
          quick_solve: { lab_opened_at: null, learner_quick_solves: 6 },
        }),
        submission(2, { same_answer_learners: 3, shared_from: { id: 'owner-id', username: 'ada' } }),
      ];
      return HttpResponse.json({ ...paged(entries, 60), recorded_since: '2026-11-01T09:00:00.000Z' });
    }),
  );
  return queries;
}

describe('AdminSubmissionsPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists answers with who, where from, the item, right or wrong and the marks, and pages', async () => {
    const queries = serveSubmissions();
    const { user, router } = renderRoutes('/admin/submissions', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Submissions' });
    expect(screen.getByRole('navigation', { name: 'Console' })).toHaveTextContent('Submissions');
    expect(screen.getByText(/right or wrong, since .*2026/)).toBeInTheDocument();
    const [, right, wrong] = within(table).getAllByRole('row');
    expect(within(right!).getByText('challenge, step 2')).toBeInTheDocument();
    expect(within(right!).getByText('Right')).toBeInTheDocument();
    expect(within(right!).getByText('Quick solve: lab never opened')).toBeInTheDocument();
    expect(within(right!).getByRole('link', { name: 'Bulk: 6 quick solves' })).toHaveAttribute(
      'href',
      '/admin/integrity',
    );
    expect(within(wrong!).getByText('from 198.51.100.4')).toBeInTheDocument();
    expect(within(wrong!).getByRole('link', { name: "ada's secret" })).toHaveAttribute(
      'href',
      '/admin/learners/owner-id',
    );
    expect(within(wrong!).getByRole('link', { name: 'Sent by 3 learners' })).toHaveAttribute(
      'href',
      `/admin/submissions?item=${ITEM_ID}&fingerprint=0a1b2c3d`,
    );
    expect(screen.getByText('60 answers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queries.at(-1)).toContain('page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters through the address, follows a link to an item, and says which filter the server refused', async () => {
    const queries = serveSubmissions();
    const { user, router } = renderRoutes('/admin/submissions', adminRoutes);
    await screen.findByRole('table', { name: 'Submissions' });
    await user.click(screen.getByRole('combobox', { name: 'Answer' }));
    await user.click(screen.getByRole('option', { name: 'Wrong' }));
    await waitFor(() => expect(queries.at(-1)).toContain('result=wrong'));

    await user.click(screen.getAllByRole('link', { name: 'Port of SSH' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(`?item=${ITEM_ID}`));
    expect(screen.getByRole('textbox', { name: 'Item' })).toHaveValue(ITEM_ID);
    // The address stays as the link set it once the filters' pause is over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe(`?item=${ITEM_ID}`);

    await user.clear(screen.getByRole('textbox', { name: 'Item' }));
    await user.type(screen.getByRole('textbox', { name: 'Learner' }), '00000000-0000-4000-8000-00000000dead');
    const learner = screen.getByRole('textbox', { name: 'Learner' });
    await waitFor(() => expect(learner).toHaveAccessibleDescription(SUBMISSIONS_MESSAGES.unknownLearner));
    expect(learner).toHaveAttribute('aria-invalid', 'true');
  });

  it('downloads every answer the filters match as CSV', async () => {
    serveSubmissions();
    const exported: string[] = [];
    server.use(
      http.get('*/api/admin/submissions/export/', ({ request }) => {
        exported.push(new URL(request.url).search);
        return new HttpResponse('at,learner\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="submissions-2026-11-20.csv"',
          },
        });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderRoutes('/admin/submissions?result=wrong&from=2026-11-01', adminRoutes);
    await screen.findByRole('table', { name: 'Submissions' });
    const button = screen.getByRole('button', { name: 'Download as CSV' });
    expect(button).toHaveAccessibleDescription(
      'Every answer these filters match, not only this page. The download is recorded in the audit log.',
    );
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['submissions-2026-11-20.csv']));
    expect(exported).toEqual(['?result=wrong&from=2026-11-01']);
    click.mockRestore();
    created.mockRestore();
  });
});
