import { ADMIN_MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, learnerDetail } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const LEARNER = learnerDetail();
const PATH = `/admin/learners/${LEARNER.id}`;

function serve() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let current = LEARNER;
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/learners/:id/', () => HttpResponse.json(current)),
    http.all('*/api/admin/learners/:id/:action/', async ({ request, params }) => {
      const body =
        request.method === 'GET' || request.method === 'DELETE' ? null : await request.json().catch(() => null);
      calls.push({ method: request.method, path: String(params.action), body });
      if (params.action === 'staff') {
        return HttpResponse.json({ detail: 'You cannot remove your own staff status.' }, { status: 409 });
      }
      if (params.action === 'premium' && request.method === 'POST') {
        current = { ...current, is_premium: true, premium_until: '2026-12-27T10:00:00.000Z' };
      }
      if (params.action === 'active') current = { ...current, is_active: false, sessions: [] };
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

describe('AdminLearnerPage', () => {
  beforeEach(() => signIn('grace'));

  it("shows the learner's profile, progress, sessions and two-factor state", async () => {
    serve();
    renderRoutes(PATH, adminRoutes);
    expect(await screen.findByRole('heading', { level: 1, name: 'learner1' })).toBeInTheDocument();
    expect(screen.getByText('Email').nextElementSibling).toHaveTextContent('learner1@example.test');
    expect(screen.getByText('Two-factor sign-in').nextElementSibling).toHaveTextContent('On');
    expect(screen.getByText('Modules completed').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByRole('table', { name: 'Newest sessions' })).toHaveTextContent('Firefox on Linux');
    // Never a password field: only a mailed reset link.
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Audit log of this account' })).toHaveAttribute(
      'href',
      `/admin/audit?target=${LEARNER.id}`,
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('grants Premium for a number of days and shows the new end date', async () => {
    const calls = serve();
    const { user } = renderRoutes(PATH, adminRoutes);
    const days = await screen.findByRole('textbox', { name: 'Days of Premium' });
    await user.clear(days);
    await user.type(days, '0');
    expect(screen.getByRole('button', { name: 'Grant Premium' })).toBeDisabled();
    await user.clear(days);
    await user.type(days, '37');
    await user.click(screen.getByRole('button', { name: 'Grant Premium' }));
    expect(await screen.findByText('learner1 has 37 more days of Premium.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', path: 'premium', body: { days: 37 } }]);
    expect(screen.getByText('Premium', { selector: 'dt' }).nextElementSibling).toHaveTextContent(/^Until /);
  });

  it('asks before disabling, then shows the account disabled', async () => {
    const calls = serve();
    const { user } = renderRoutes(PATH, adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable account?' });
    expect(dialog).toHaveTextContent('signed out on every device at once');
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('learner1 is disabled and signed out everywhere.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PUT', path: 'active', body: { is_active: false } }]);
    // The dialog hides the page until its exit transition ends, which took over a second while CI kept both cores busy.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enable account' })).toBeInTheDocument());
    expect(screen.getByText('Never signed in.')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    serve();
    const { user } = renderRoutes(PATH, adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Make staff' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make staff' }));
    expect(await screen.findByText('You cannot remove your own staff status.')).toBeInTheDocument();
  });

  it('offers a staff member who is not an owner no staff actions, and says why', async () => {
    serve();
    server.use(adminMeHandler('staff-not-owner'));
    renderRoutes(PATH, adminRoutes);
    expect(await screen.findByRole('button', { name: 'Disable account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make staff' })).not.toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.ownerOnlyStaff)).toBeInTheDocument();
  });

  it("offers no action on another staff account's access or Premium to a staff member who is not an owner", async () => {
    server.use(
      adminMeHandler('staff-not-owner'),
      http.get('*/api/admin/learners/:id/', () => HttpResponse.json({ ...LEARNER, is_staff: true, is_premium: true })),
    );
    renderRoutes(PATH, adminRoutes);
    expect(await screen.findByRole('button', { name: 'Send password-reset mail' })).toBeInTheDocument();
    for (const name of ['Disable account', 'Remove staff status', 'Reset two-factor sign-in', 'Revoke Premium']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('textbox', { name: 'Days of Premium' })).not.toBeInTheDocument();
    expect(screen.getByText(`learner1 is staff. ${ADMIN_MESSAGES.ownerOnlyStaffAccount}`)).toBeInTheDocument();
  });

  it('offers an owner every action on a staff account', async () => {
    server.use(
      adminMeHandler(),
      http.get('*/api/admin/learners/:id/', () => HttpResponse.json({ ...LEARNER, is_staff: true, is_premium: true })),
    );
    renderRoutes(PATH, adminRoutes);
    expect(await screen.findByRole('button', { name: 'Remove staff status' })).toBeInTheDocument();
    for (const name of ['Disable account', 'Reset two-factor sign-in', 'Revoke Premium']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Days of Premium' })).toBeInTheDocument();
  });

  it('tells staff whose session passed no second factor to sign out and in again with their code', async () => {
    server.use(adminMeHandler('password-only-session'));
    const { user } = renderRoutes(PATH, adminRoutes);
    const heading = await screen.findByRole('heading', { name: 'Sign in again with your two-factor code' });
    expect(heading).toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.twoFactorSessionRequired)).toBeInTheDocument();
    let signedOut = 0;
    server.use(
      http.post('*/api/users/logout/', () => {
        signedOut += 1;
        return HttpResponse.json({});
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signedOut).toBe(1));
  });
});
