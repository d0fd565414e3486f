import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InboxEntry } from '@bastion/contract';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler, paged } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const MESSAGE = {
  id: '00000000-0000-4000-8000-000000000402',
  name: 'Kim',
  email: 'kim@example.test',
  subject: 'Group rates',
  message: 'We are 25.',
  created_at: '2026-11-21T10:00:00.000Z',
  handled_at: null,
  handled_by: null,
};

function serve(replyTo: string | null) {
  const entries: InboxEntry[] = [];
  const posted: string[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/inbox/contact/', () => HttpResponse.json(paged([MESSAGE]))),
    http.get('*/api/admin/inbox/contact/:id/thread/', () => HttpResponse.json({ reply_to: replyTo, entries })),
    http.post('*/api/admin/inbox/contact/:id/:kind/', async ({ params, request }) => {
      const { text } = (await request.json()) as { text: string };
      posted.push(`${String(params.kind)}: ${text}`);
      if (!text.trim()) return HttpResponse.json({ text: ['Write something first.'] }, { status: 400 });
      const reply = params.kind === 'replies';
      entries.push({
        id: `00000000-0000-4000-8000-00000000050${entries.length}`,
        kind: reply ? 'reply' : 'note',
        author: 'grace',
        text,
        mailed_to: reply ? MESSAGE.email : null,
        created_at: '2026-11-30T10:00:00.000Z',
      });
      return HttpResponse.json(entries.at(-1), { status: 201 });
    }),
  );
  return posted;
}

describe("AdminInboxPage: a message's thread", () => {
  beforeEach(() => signIn('grace'));

  it('adds a note and mails a reply, each shown in the thread', async () => {
    const posted = serve(MESSAGE.email);
    const { user } = renderRoutes('/admin/inbox?kind=contact', adminRoutes);
    await user.click(await screen.findByRole('button', { name: 'Reply or note: message from Kim <kim@example.test>' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Kim <kim@example.test>' });
    await within(dialog).findByText('No reply or note yet.');
    await user.click(within(dialog).getByRole('button', { name: 'Add internal note' }));
    expect(await within(dialog).findByText('Write something first.')).toBeInTheDocument();

    const box = within(dialog).getByRole('textbox', { name: 'Reply or note' });
    await user.type(box, 'Asked sales.');
    await user.click(within(dialog).getByRole('button', { name: 'Add internal note' }));
    expect(await within(dialog).findByText('Asked sales.')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
    await user.type(box, 'Yes, 25 seats.');
    await user.click(within(dialog).getByRole('button', { name: 'Mail reply' }));
    expect(await within(dialog).findByText(/^Reply by grace to kim@example\.test,/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Internal note by grace,/)).toBeInTheDocument();
    expect(posted).toEqual(['notes: ', 'notes: Asked sales.', 'replies: Yes, 25 seats.']);
    expect(await axeViolations()).toEqual([]);
  });

  it('offers notes only when the sender left no usable address', async () => {
    serve(null);
    const { user } = renderRoutes('/admin/inbox?kind=contact', adminRoutes);
    await user.click(await screen.findByRole('button', { name: /^Reply or note: message from Kim/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/left no address a reply can be sent to/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mail reply' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add internal note' })).toBeEnabled();
  });
});
