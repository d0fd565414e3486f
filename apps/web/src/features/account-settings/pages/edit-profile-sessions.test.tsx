import { MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { signedInSession } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';
import { serveSessions } from '@test/features/account-settings/security-server.ts';

const HOUR = 3_600_000;

const PHONE = signedInSession({
  id: '5e7c1a2b-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
  device: 'Safari 18 on iOS',
  ip: '198.51.100.23',
  last_active: new Date(Date.now() - 2 * HOUR).toISOString(),
  current: false,
});
const LAPTOP = signedInSession({
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  device: 'Chrome 131 on Windows',
  ip: null,
  last_active: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  current: false,
});
// The server lists the newest activity first; this device is not necessarily at the top.
const SESSIONS = [PHONE, signedInSession(), LAPTOP];

function sessionsList() {
  return screen.findByRole('list', { name: 'Signed-in sessions' });
}

describe('EditProfilePage: signed-in sessions', () => {
  it('lists every session, this device first and marked, last activity relative with the full date', async () => {
    serveProfile();
    serveSessions(SESSIONS);
    renderEditProfile();
    const rows = within(await sessionsList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/ on /).textContent)).toEqual([
      'Firefox 140 on Linux',
      'Safari 18 on iOS',
      'Chrome 131 on Windows',
    ]);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();

    expect(rows[1]).toHaveTextContent('198.51.100.23 · Last active 2 hours ago');
    const time = rows[1]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', PHONE.last_active);
    expect(time?.getAttribute('title')).toMatch(/\d{4}/);
    expect(rows[2]).toHaveTextContent('Unknown address · Last active 3 days ago');
    expect(within(rows[1]!).getByRole('button', { name: /^Sign out Safari 18 on iOS/ })).toBeInTheDocument();
    expect(screen.getByText(/Signed in on 2 other devices/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('signs out one other session, then reads the list again', async () => {
    serveProfile();
    const server = serveSessions(SESSIONS);
    const { user } = renderEditProfile();
    const list = await sessionsList();
    await user.click(within(list).getByRole('button', { name: /^Sign out Safari 18 on iOS/ }));

    expect(await screen.findByText(MESSAGES.sessionEnded)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByText('Safari 18 on iOS')).not.toBeInTheDocument();
    expect(server.deleted).toEqual([PHONE.id]);
    expect(screen.getByRole('heading', { level: 2, name: 'Signed-in sessions' })).toHaveFocus();
    expect(screen.getByText(/Signed in on 1 other device\./)).toBeInTheDocument();
  });

  it('signs out everywhere else, leaving this device alone', async () => {
    serveProfile();
    const server = serveSessions(SESSIONS);
    const { user } = renderEditProfile();
    const list = await sessionsList();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));

    expect(await screen.findByText(MESSAGES.otherSessionsEnded)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByText('This device')).toBeInTheDocument();
    expect(screen.getByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
    expect(server.revokedOthers).toBe(1);
  });

  it('a session already gone is reported, and the list still refreshes', async () => {
    serveProfile();
    const server = serveSessions(SESSIONS);
    const { user } = renderEditProfile();
    const list = await sessionsList();
    // Ended elsewhere meanwhile.
    server.sessions = server.sessions.filter((session) => session.id !== LAPTOP.id);
    await user.click(within(list).getByRole('button', { name: /^Sign out Chrome 131 on Windows/ }));
    expect(await screen.findByText(MESSAGES.notFound)).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  });
});
