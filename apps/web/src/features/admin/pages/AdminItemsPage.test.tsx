import { OVERRIDE_MESSAGES, type ContentItem } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { adminMeHandler } from '@test/features/admin/fixtures.ts';
import { adminRoutes } from '../routes.ts';

const base = { slug: 's', content_hidden: false, content_points: null, override: null, hidden: false, points: null };
const ITEMS: ContentItem[] = [
  { ...base, id: 'c1', kind: 'course', title: 'Linux Basics', parent_id: null },
  { ...base, id: 'm1', kind: 'module', title: 'First Steps', parent_id: 'c1' },
  { ...base, id: 'q1', kind: 'quiz', title: 'Check your shell', parent_id: 'm1' },
  { ...base, id: 'h1', kind: 'challenge', title: 'Cookie Monster', parent_id: null },
  { ...base, id: 's1', kind: 'step', title: 'Find the cookie', parent_id: 'h1', content_points: 10, points: 10 },
];

function serve() {
  let items = ITEMS.map((item) => ({ ...item }));
  const sent: { id: string; body: unknown }[] = [];
  const cleared: string[] = [];
  server.use(
    adminMeHandler(),
    http.get('*/api/admin/content/items/', () => HttpResponse.json({ results: items })),
    http.put('*/api/admin/content/items/:id/override/', async ({ params, request }) => {
      const sentBody = (await request.json()) as { hidden?: boolean; points?: number; reason: string | null };
      const body = { hidden: sentBody.hidden ?? null, points: sentBody.points ?? null, reason: sentBody.reason };
      sent.push({ id: String(params.id), body: sentBody });
      const override = { ...body, set_by: 'grace', set_at: '2026-11-30T06:00:00.000Z' };
      items = items.map((item) =>
        item.id === params.id
          ? { ...item, override, hidden: body.hidden ?? item.hidden, points: body.points ?? item.points }
          : item,
      );
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
    http.delete('*/api/admin/content/items/:id/override/', ({ params }) => {
      cleared.push(String(params.id));
      items = items.map((item) =>
        item.id === params.id
          ? { ...item, override: null, hidden: item.content_hidden, points: item.content_points }
          : item,
      );
      return HttpResponse.json(items.find((item) => item.id === params.id));
    }),
  );
  return { sent, cleared };
}

describe('AdminItemsPage', () => {
  beforeEach(() => signIn('grace'));

  it('hides a quiz with a reason, shows the override beside the content value, then clears it', async () => {
    const { sent, cleared } = serve();
    const { user } = renderRoutes('/admin/items', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Courses, modules, lessons and quizzes' });
    expect(await axeViolations()).toEqual([]);

    await user.type(screen.getByLabelText(/Reason/), 'Answer leaked');
    await user.click(within(table).getByRole('button', { name: 'Hide Check your shell' }));
    await waitFor(() => expect(sent).toEqual([{ id: 'q1', body: { hidden: true, reason: 'Answer leaked' } }]));
    const row = (await within(table).findByText(/grace, .*: Answer leaked/)).closest('tr')!;
    expect(row).toHaveTextContent('Check your shell');
    expect(row).toHaveTextContent(/^QuizCheck your shellShownHidden/);
    expect(await screen.findByText('Check your shell: hidden.')).toBeInTheDocument();

    await user.click(
      within(row as HTMLElement).getByRole('button', { name: 'Clear the override of Check your shell' }),
    );
    await waitFor(() => expect(cleared).toEqual(['q1']));
    expect(await within(table).findByRole('button', { name: 'Hide Check your shell' })).toBeInTheDocument();
  });

  it("changes a step's points, and refuses a number that is not whole before sending it", async () => {
    const { sent } = serve();
    const { user } = renderRoutes('/admin/items', adminRoutes);
    const table = await screen.findByRole('table', { name: 'Challenges and their steps' });
    const field = within(table).getByRole('textbox', { name: 'Points of Find the cookie' });
    await user.clear(field);
    await user.type(field, '2.5');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    expect(await within(table).findByText(OVERRIDE_MESSAGES.points)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '25');
    await user.click(within(table).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ id: 's1', body: { points: 25, reason: null } }]));
    expect(await screen.findByText('Find the cookie: 25 points.')).toBeInTheDocument();
    expect(within(table).getByText('Find the cookie').closest('tr')).toHaveTextContent('10 points');
  });
});
