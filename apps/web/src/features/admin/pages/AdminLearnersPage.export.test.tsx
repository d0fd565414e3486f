import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, learnerRow, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

describe('AdminLearnersPage: states and the CSV', () => {
  beforeEach(() => signIn('grace'));

  it('filters by state and downloads what the filters match', async () => {
    const listed: string[] = [];
    const exported: string[] = [];
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/learners/', ({ request }) => {
        listed.push(new URL(request.url).searchParams.get('state') ?? '');
        return HttpResponse.json(paged([learnerRow(1, { is_active: false })]));
      }),
      http.get('*/api/admin/learners/export/', ({ request }) => {
        exported.push(new URL(request.url).search);
        return new HttpResponse('id,username\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="learners-2026-11-30.csv"',
          },
        });
      }),
    );
    const { user } = renderRoutes('/admin/learners', adminRoutes);
    await screen.findByRole('table', { name: 'Learners' });
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Two-factor sign-in on' }));
    await waitFor(() => expect(listed.at(-1)).toBe('two_factor'));

    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const button = screen.getByRole('button', { name: 'Download as CSV' });
    expect(button).toHaveAccessibleDescription(/personal data\. The download is recorded in the audit log\./);
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['learners-2026-11-30.csv']));
    expect(exported).toEqual(['?role=learners&state=two_factor']);
    click.mockRestore();
    created.mockRestore();
  });
});
