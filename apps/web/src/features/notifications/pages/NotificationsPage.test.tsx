import type { NotificationItem } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { notification, notificationList } from '@test/features/notifications/fixtures.ts';
import { NotificationsPage } from './NotificationsPage.tsx';

const ALL = Array.from({ length: 13 }, (_, index) => notification(index + 1, { is_read: index >= 2 }));

function serve(items: NotificationItem[] = ALL) {
  const state = { pages: [] as string[], read: [] as string[], details: [] as string[] };
  server.use(
    http.get('*/api/notifications/list/', () => HttpResponse.json(notificationList(5, 2))),
    http.get('*/api/notifications/all-notifications/', ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('page_size'));
      state.pages.push(`${page}/${size}`);
      const results = items.slice((page - 1) * size, page * size);
      if (page > 1 && results.length === 0) return HttpResponse.json({ detail: 'Invalid page.' }, { status: 404 });
      return HttpResponse.json({ count: items.length, next: null, previous: null, results });
    }),
    http.get('*/api/notifications/detail/:uuid/', ({ params }) => {
      state.details.push(String(params.uuid));
      const found = items.find((item) => item.uuid === params.uuid);
      return found ? HttpResponse.json(found) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.post('*/api/notifications/mark-as-read/', async ({ request }) => {
      state.read.push(((await request.json()) as { uuid: string }).uuid);
      return HttpResponse.json({ detail: 'ok', unread_count: 1 });
    }),
  );
  return state;
}

const renderPage = (path = '/notifications') =>
  renderRoutes(path, [{ path: '/notifications', element: <NotificationsPage /> }]);

describe('NotificationsPage', () => {
  beforeEach(() => signIn('ada'));

  it('lists the first page, newest first, with paging', async () => {
    const state = serve();
    const { user } = renderPage();
    const list = await screen.findByRole('list', { name: 'All notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(state.pages).toEqual(['1/10']);
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(state.pages).toContain('2/10');
    expect(await axeViolations()).toEqual([]);
  });

  it('opens the preselected notification', async () => {
    const state = serve();
    renderPage('/notifications?selected=00000000-0000-4000-8000-000000000002');
    const opened = await screen.findByRole('button', { name: /Notification 2/, expanded: true });
    expect(opened).toBeInTheDocument();
    expect(screen.getByText('Message number 2', { selector: 'p' })).toBeVisible();
    expect(state.details).toEqual([]);
  });

  it('marks an unread notification read when the learner opens it', async () => {
    const state = serve();
    const { user } = renderPage();
    const first = await screen.findByRole('button', { name: /Notification 1\b/ });
    expect(first).toHaveTextContent('Notification 1 (unread)');
    await user.click(first);
    await waitFor(() => expect(state.read).toEqual(['00000000-0000-4000-8000-000000000001']));
    await user.click(screen.getByRole('button', { name: /Notification 5/ }));
    expect(state.read).toHaveLength(1);
  });

  it('shows a selected notification from another page above the list', async () => {
    const state = serve();
    renderPage('/notifications?selected=00000000-0000-4000-8000-000000000012');
    const pinned = await screen.findByRole('list', { name: 'Selected notification' });
    expect(within(pinned).getByRole('button', { name: /Notification 12/, expanded: true })).toBeInTheDocument();
    expect(state.details).toEqual(['00000000-0000-4000-8000-000000000012']);
  });

  it('says so when the selected notification no longer exists', async () => {
    serve();
    renderPage('/notifications?selected=00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('That notification no longer exists.')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeInTheDocument();
  });

  it("shows 'No Date Available' for a notification without a date", async () => {
    serve([notification(1, { created_at: '' })]);
    renderPage();
    expect(await screen.findByText('No Date Available')).toBeInTheDocument();
  });
});
