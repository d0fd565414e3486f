import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const SENT = {
  id: '00000000-0000-4000-8000-000000000301',
  at: '2026-11-26T10:00:00.000Z',
  by: 'grace',
  title: 'Welcome week',
  message: 'Double points all week.',
  type: 'success',
  user: null,
  notified: 120,
};

function serve() {
  const sent: unknown[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/broadcasts/', () => HttpResponse.json(paged([SENT]))),
    http.post('*/api/admin/broadcasts/', async ({ request }) => {
      const body = (await request.json()) as { username: string | null; title: string; type: string };
      sent.push(body);
      if (body.username === 'ghost') return HttpResponse.json({ detail: 'No user named "ghost".' }, { status: 404 });
      return HttpResponse.json(
        { notified: body.username ? 1 : 120, title: body.title, type: body.type, user: body.username },
        { status: 201 },
      );
    }),
  );
  return sent;
}

describe('AdminNotificationsPage', () => {
  beforeEach(() => signIn('grace'));

  it('lists what was sent and previews a new notification as it is typed', async () => {
    serve();
    const { user } = renderRoutes('/admin/notifications', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Sent notifications' });
    expect(within(table).getByText('Welcome week').closest('tr')).toHaveTextContent('Every learner');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Labs are back');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks for waiting.');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Labs are back');
    expect(preview).toHaveTextContent('Thanks for waiting.');
    expect(await axeViolations()).toEqual([]);
  });

  it('asks before sending to everyone, then sends', async () => {
    const sent = serve();
    const { user } = renderRoutes('/admin/notifications', adminRoutes);
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), 'Maintenance');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Tonight at 22:00.');
    const sendButton = screen.getByRole('button', { name: 'Send to every learner' });
    // Who it reaches is said before it is sent: those active and verified now, never those enabled or verified later.
    expect(sendButton).toHaveAccessibleDescription(
      'It reaches only the learners whose accounts are active and verified when you send it (staff included). ' +
        'An account disabled or not yet verified at that moment, or made later, never gets it, even once enabled ' +
        'or verified.',
    );
    await user.click(sendButton);
    const dialog = screen.getByRole('dialog', { name: 'Send to every learner?' });
    expect(dialog).toHaveTextContent('every learner whose account is active and verified now');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent to 120 learners.')).toBeInTheDocument();
    expect(sent).toEqual([{ title: 'Maintenance', message: 'Tonight at 22:00.', type: 'info', username: null }]);
  });

  it("sends to one learner without asking, and shows the server's refusal", async () => {
    const sent = serve();
    const { user } = renderRoutes('/admin/notifications', adminRoutes);
    await user.click(await screen.findByRole('radio', { name: 'One learner' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ghost');
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Warning' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hi');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send to this learner' }));
    expect(await screen.findByText('No user named "ghost".')).toBeInTheDocument();
    expect(sent).toEqual([{ title: 'Hi', message: 'Hello', type: 'warning', username: 'ghost' }]);
  });
});
