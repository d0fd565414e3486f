import type { NavbarData } from '@bastion/contract';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { renderWithApp, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { AppNavbar } from './app-navbar.tsx';

const FREE: NavbarData = {
  user_photo: null,
  is_premium: false,
  user_points: 1234,
  user_strike: 0,
  is_staff: false,
};

function serveNavbar(data: Partial<NavbarData> = {}) {
  const calls = { count: 0 };
  server.use(
    http.get('*/api/navbar/', () => {
      calls.count += 1;
      return HttpResponse.json({ ...FREE, ...data });
    }),
  );
  return calls;
}

function renderNavbar(onSendFeedback = vi.fn()) {
  return { onSendFeedback, ...renderWithApp(<AppNavbar onSendFeedback={onSendFeedback} />, '/dashboard') };
}

describe('AppNavbar', () => {
  beforeEach(() => signIn('ada'));

  it('shows the learner links, the points and Upgrade Plan for a free user', async () => {
    serveNavbar();
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Courses', 'Modules', 'Challenges', 'Leaderboard']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await within(nav).findByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscription');
    expect(within(nav).queryByRole('link', { name: 'Premium' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Total points: 1,234' })).toBeInTheDocument();
  });

  it('reads Premium for a premium user', async () => {
    serveNavbar({ is_premium: true });
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Premium' })).toHaveAttribute('href', '/subscription');
    expect(within(nav).queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
  });

  it.each([
    [0, 'none'],
    [1, 'rare'],
    [7, 'epic'],
    [15, 'legendary'],
  ])('styles a %i-day streak as %s', async (days, tier) => {
    serveNavbar({ user_strike: days });
    renderNavbar();
    const streak = await screen.findByRole('img', { name: new RegExp(`^Streak: ${days} days?`) });
    expect(streak).toHaveClass(`streak-indicator--${tier}`);
    expect(streak).toHaveTextContent(String(days));
  });

  it('shows the default avatar when the learner has no photo', async () => {
    serveNavbar({ user_photo: null });
    renderNavbar();
    await screen.findByRole('img', { name: /Total points/ });
    expect(screen.getByRole('img', { name: "ada's avatar" })).toHaveAttribute('src', defaultAvatar);
  });

  it('loads the photo from the API host when there is one', async () => {
    serveNavbar({ user_photo: '/media/avatars/ada.webp' });
    renderNavbar();
    await screen.findByRole('img', { name: /Total points/ });
    expect(await screen.findByRole('img', { name: "ada's avatar" })).toHaveAttribute('src', '/media/avatars/ada.webp');
  });

  it('opens the avatar menu with Dashboard, Profile and Logout', async () => {
    serveNavbar();
    const { user } = renderNavbar();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it('links the operator console from the avatar menu of a staff account only', async () => {
    serveNavbar({ is_staff: true });
    const { user } = renderNavbar();
    await screen.findByRole('img', { name: /Total points/ });
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Profile', 'Operator console', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Operator console' })).toHaveAttribute('href', '/admin');
  });

  it('opens feedback from the navbar and from the hamburger menu', async () => {
    serveNavbar();
    const { user, onSendFeedback } = renderNavbar();
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(onSendFeedback).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('presentation');
    const drawerNav = within(drawer).getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Courses', 'Modules', 'Challenges', 'Leaderboard', 'Upgrade Plan']) {
      expect(within(drawerNav).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(drawer).getByRole('button', { name: 'Send Feedback' }));
    expect(onSendFeedback).toHaveBeenCalledTimes(2);
  });

  it('refetches the navbar data when the window regains focus', async () => {
    const calls = serveNavbar();
    renderNavbar();
    await screen.findByRole('img', { name: /Total points/ });
    expect(calls.count).toBe(1);
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(calls.count).toBe(2));
  });

  it('links the logo to the dashboard when signed in', async () => {
    serveNavbar();
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Bastion home' })).toHaveAttribute('href', '/dashboard');
  });
});
