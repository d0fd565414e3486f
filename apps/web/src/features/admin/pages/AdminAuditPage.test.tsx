import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, auditEntry, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

function serveAudit() {
  const queries: string[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/audit/', ({ request }) => {
      const url = new URL(request.url);
      queries.push(url.search);
      if (url.searchParams.get('action') === 'coupon.create') return HttpResponse.json(paged([]));
      const entries = [
        auditEntry(2),
        auditEntry(1, {
          actor: { id: null, name: 'root@box', via: 'cli' },
          ip: null,
          action: 'learner.verify',
          before: null,
        }),
      ];
      return HttpResponse.json(paged(entries, 60));
    }),
  );
  return queries;
}

describe('AdminAuditPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists entries with who, what, target, before and after, and pages', async () => {
    const queries = serveAudit();
    const { user, router } = renderRoutes('/admin/audit', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Premium granted')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('console, from 203.0.113.9')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('is_premium: false, premium_until: —')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('command line')).toBeInTheDocument();
    expect(screen.getByText('60 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(queries.at(-1)).toContain('page=2'));
    expect(router.state.location.search).toBe('?page=2');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by action and target through the address', async () => {
    const queries = serveAudit();
    const { user, router } = renderRoutes('/admin/audit', adminRoutes);
    await screen.findByRole('table', { name: 'Audit log entries' });
    await user.type(screen.getByRole('textbox', { name: 'Target' }), 'learner1');
    await waitFor(() => expect(queries.at(-1)).toContain('target=learner1'));
    expect(router.state.location.search).toBe('?target=learner1');
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Code created' }));
    expect(await screen.findByRole('heading', { name: 'No entries' })).toBeInTheDocument();
    expect(queries.at(-1)).toContain('action=coupon.create');
  });

  it('downloads every entry the filters match as CSV, and names staff sign-ins and redemptions', async () => {
    serveAudit();
    const exported: string[] = [];
    server.use(
      http.get('*/api/admin/audit/', () =>
        HttpResponse.json(
          paged([
            auditEntry(3, { actor: { id: null, name: 'ada', via: 'site' }, action: 'staff.sign_in', before: null }),
            auditEntry(4, { actor: { id: null, name: 'bob', via: 'learner' }, action: 'coupon.redeem', before: null }),
          ]),
        ),
      ),
      http.get('*/api/admin/audit/export/', ({ request }) => {
        exported.push(new URL(request.url).search);
        return new HttpResponse('seq,at\r\n1,2026-11-20\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-log-2026-11-20.csv"',
          },
        });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderRoutes('/admin/audit?target=ada', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    expect(within(table).getByText('Staff signed in')).toBeInTheDocument();
    expect(within(table).getByText('on the site, from 203.0.113.9')).toBeInTheDocument();
    expect(within(table).getByText('Code redeemed')).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Download as CSV' });
    expect(button).toHaveAccessibleDescription(
      'Every entry these filters match, not only this page. The download is recorded in the log.',
    );
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-11-20.csv']));
    expect(exported).toEqual(['?target=ada']);
    expect(await (created.mock.calls[0]![0] as Blob).text()).toBe('seq,at\r\n1,2026-11-20\r\n');
    click.mockRestore();
    created.mockRestore();
  });

  it('tells a learner the console is for staff, without its navigation', async () => {
    server.use(adminMeHandler('learner'));
    renderRoutes('/admin/audit', adminRoutes);
    expect(await screen.findByRole('heading', { name: 'This area is for staff accounts.' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('sends staff without two-factor sign-in to turn it on', async () => {
    server.use(adminMeHandler('no-two-factor'));
    renderRoutes('/admin/audit', adminRoutes);
    const heading = await screen.findByRole('heading', { name: /Turn on two-factor sign-in/ });
    expect(heading).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
      'href',
      '/edit-profile?for=console#security',
    );
  });
});
