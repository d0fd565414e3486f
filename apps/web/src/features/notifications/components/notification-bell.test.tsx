import type { NotificationList } from '@bastion/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { notificationList } from '@test/features/notifications/fixtures.ts';
import { NotificationBell } from './notification-bell.tsx';

const sounds = vi.hoisted(() => ({ playSound: vi.fn() }));
vi.mock('@/lib/sounds.ts', () => sounds);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBell(path = '/dashboard') {
  return renderRoutes(path, [
    {
      element: (
        <>
          <NotificationBell />
          <Where />
          <Outlet />
        </>
      ),
      children: [
        { path: '/dashboard', element: <p>Dashboard</p> },
        { path: '/courses', element: <p>Courses</p> },
        { path: '/notifications', element: <p>Notifications page</p> },
      ],
    },
  ]);
}

/** Serves the given lists in turn (the last one repeats) and counts the polls. */
function serveLists(...lists: NotificationList[]) {
  const state = { polls: 0, read: [] as string[], allRead: 0 };
  server.use(
    http.get('*/api/notifications/list/', () => {
      const list = lists[Math.min(state.polls, lists.length - 1)]!;
      state.polls += 1;
      if (state.allRead === 0) return HttpResponse.json(list);
      const notifications = list.notifications.map((item) => ({ ...item, is_read: true }));
      return HttpResponse.json({ notifications, unread_count: 0, unreadCount: 0 });
    }),
    http.post('*/api/notifications/mark-as-read/', async ({ request }) => {
      const { uuid } = (await request.json()) as { uuid: string };
      state.read.push(uuid);
      return HttpResponse.json({ detail: 'ok', unread_count: 0 });
    }),
    http.post('*/api/notifications/mark-all-as-read/', () => {
      state.allRead += 1;
      return HttpResponse.json({ detail: 'You have read all notifications.', unread_count: 0 });
    }),
  );
  return state;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const poll = () => act(() => vi.advanceTimersByTimeAsync(30_000));

describe('NotificationBell', () => {
  beforeEach(() => {
    signIn('ada');
    sounds.playSound.mockClear();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('caps the unread badge at 99 and names the count for screen readers', async () => {
    serveLists(notificationList(10, 150));
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 150 unread'));
    expect(bell()).toHaveTextContent('99+');
  });

  it('polls the list every 30 s', async () => {
    const state = serveLists(notificationList(3, 1));
    renderBell();
    await waitFor(() => expect(state.polls).toBe(1));
    await poll();
    await waitFor(() => expect(state.polls).toBe(2));
    await poll();
    await waitFor(() => expect(state.polls).toBe(3));
  });

  it('plays the sound only when the count rises above a previous nonzero value', async () => {
    const counts = [0, 2, 3, 3, 1, 4];
    const state = serveLists(...counts.map((count) => notificationList(5, count)));
    renderBell();
    await waitFor(() => expect(state.polls).toBe(1));
    for (let poll = 2; poll <= counts.length; poll += 1) {
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await waitFor(() => expect(bell()).toHaveAccessibleName(`Notifications, ${counts[poll - 1]} unread`));
    }
    // 0 → 2 is silent (the previous value was 0); 2 → 3 and 1 → 4 play; 3 → 3 and 3 → 1 do not.
    expect(sounds.playSound).toHaveBeenCalledTimes(2);
    expect(sounds.playSound).toHaveBeenCalledWith('notification');
  });

  it('lists only the first 5 and offers Mark All as Read while one is unread', async () => {
    const state = serveLists(notificationList(7, 2));
    const { user } = renderBell();
    await waitFor(() => expect(state.polls).toBe(1));
    await user.click(bell());
    const menu = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(menu).getAllByRole('button', { name: /Notification \d/ })).toHaveLength(5);
    expect(within(menu).queryByText('Notification 6')).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Mark All as Read' }));
    expect(await screen.findByText('You have read all notifications.')).toBeInTheDocument();
    expect(state.allRead).toBe(1);
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Mark All as Read' })).toBeNull());
  });

  it('hides Mark All as Read when nothing is unread', async () => {
    serveLists(notificationList(3, 0));
    const { user } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    await user.click(bell());
    const menu = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(menu).getByText('Notification 1')).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Mark All as Read' })).not.toBeInTheDocument();
  });

  it('shows the spinner while loading, then the empty text', async () => {
    server.use(
      http.get('*/api/notifications/list/', async () => {
        await delay(200);
        return HttpResponse.json(notificationList(0, 0));
      }),
    );
    const { user } = renderBell();
    await user.click(bell());
    expect(await screen.findByRole('progressbar', { name: 'Loading notifications' })).toBeInTheDocument();
    expect(await screen.findByText('No new notifications.')).toBeInTheDocument();
  });

  it("shows the spec's error text when the list cannot load", async () => {
    server.use(http.get('*/api/notifications/list/', () => HttpResponse.json({ detail: 'down' }, { status: 500 })));
    const { user } = renderBell();
    await user.click(bell());
    expect(await screen.findByText('Failed to load notifications. Please try again later.')).toBeInTheDocument();
  });

  it('marks a clicked notification read, then opens it on /notifications', async () => {
    const state = serveLists(notificationList(3, 3));
    const { user } = renderBell();
    await waitFor(() => expect(state.polls).toBe(1));
    await user.click(bell());
    await user.click(await screen.findByRole('button', { name: /Notification 2/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        '/notifications?selected=00000000-0000-4000-8000-000000000002',
      ),
    );
    expect(state.read).toEqual(['00000000-0000-4000-8000-000000000002']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('goes to /notifications from See all notifications', async () => {
    serveLists(notificationList(3, 0));
    const { user } = renderBell();
    await user.click(bell());
    await user.click(await screen.findByRole('link', { name: 'See all notifications' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/notifications$/);
  });

  it('closes on a route change', async () => {
    serveLists(notificationList(3, 1));
    const { user, router } = renderBell();
    await user.click(bell());
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await act(() => router.navigate('/courses'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Courses')).toBeInTheDocument();
  });
});
