import { DEFAULT_PUBLIC_PROFILE_SETTINGS, MESSAGES, type PublicProfileSettings } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { profile } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';

const SECTION_NAMES = [
  'Points, rank and streak',
  'Badges',
  'Completed challenges',
  'Module progress',
  'Learning statistics',
];

/** Serves the settings route like the API: applies the patch and answers all the settings. */
function serveSettings(state: ReturnType<typeof serveProfile>) {
  const bodies: unknown[] = [];
  server.use(
    http.patch('/api/users/profile/update-public/', async ({ request }) => {
      const patch = (await request.json()) as Partial<PublicProfileSettings>;
      bodies.push(patch);
      const settings = { ...state.current.public_profile, ...patch };
      state.current = { ...state.current, public_profile: settings };
      return HttpResponse.json(settings);
    }),
  );
  return bodies;
}

describe('EditProfilePage: public profile settings', () => {
  it('shows the switch, one checkbox per section and the public address', async () => {
    serveProfile();
    renderEditProfile();
    expect(await screen.findByRole('switch', { name: 'Public profile' })).toBeChecked();
    const group = screen.getByRole('group', { name: 'Sections shown on your public profile' });
    const labels = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(labels).toEqual(SECTION_NAMES);
    for (const name of SECTION_NAMES) expect(within(group).getByRole('checkbox', { name })).toBeChecked();
    expect(screen.getByRole('link', { name: `${window.location.origin}/profile/ada` })).toHaveAttribute(
      'href',
      '/profile/ada',
    );
  });

  it('making the profile private saves is_public and says so in the spec words', async () => {
    const state = serveProfile();
    const bodies = serveSettings(state);
    const { user } = renderEditProfile();
    await user.click(await screen.findByRole('switch', { name: 'Public profile' }));

    expect(await screen.findByText(MESSAGES.publicProfileUpdated)).toBeInTheDocument();
    expect(screen.getByText('Public profile settings updated successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ is_public: false }]);
    expect(screen.getByRole('switch', { name: 'Public profile' })).not.toBeChecked();
    expect(screen.queryByRole('link', { name: /\/profile\/ada$/ })).not.toBeInTheDocument();
  });

  it('hiding a section saves its own setting', async () => {
    const state = serveProfile();
    const bodies = serveSettings(state);
    const { user } = renderEditProfile();
    await user.click(await screen.findByRole('checkbox', { name: 'Module progress' }));
    expect(await screen.findByText(MESSAGES.publicProfileUpdated)).toBeInTheDocument();
    expect(bodies).toEqual([{ show_module_stats: false }]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Module progress' })).not.toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Badges' })).toBeChecked();
  });

  it('a private profile starts with the switch off and can be made public again', async () => {
    const state = serveProfile(
      profile({ public_profile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false, show_badges: false } }),
    );
    const bodies = serveSettings(state);
    const { user } = renderEditProfile();
    const toggle = await screen.findByRole('switch', { name: 'Public profile' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Badges' })).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText(MESSAGES.publicProfileUpdated)).toBeInTheDocument();
    expect(bodies).toEqual([{ is_public: true }]);
    expect(screen.getByRole('link', { name: `${window.location.origin}/profile/ada` })).toBeInTheDocument();
  });

  it('a failure shows exactly the spec message and the control goes back', async () => {
    serveProfile();
    server.use(
      http.patch('/api/users/profile/update-public/', () =>
        HttpResponse.json({ detail: 'A server error occurred.' }, { status: 500 }),
      ),
    );
    const { user } = renderEditProfile();
    await user.click(await screen.findByRole('checkbox', { name: 'Badges' }));
    const message = await screen.findByText(MESSAGES.publicProfileFailed);
    expect(message).toHaveTextContent(/^Failed to update public profile settings\.$/);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Badges' })).toBeChecked());
    expect(screen.queryByText(MESSAGES.publicProfileUpdated)).not.toBeInTheDocument();
  });

  it('a 401 ends the session and shows no message', async () => {
    serveProfile();
    server.use(
      http.patch('/api/users/profile/update-public/', () =>
        HttpResponse.json(
          { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
          { status: 401 },
        ),
      ),
      http.post('/api/auth/token/refresh/', () => HttpResponse.json({ detail: 'Token is invalid' }, { status: 401 })),
    );
    const { user, router } = renderEditProfile();
    await user.click(await screen.findByRole('switch', { name: 'Public profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(MESSAGES.publicProfileFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.publicProfileUpdated)).not.toBeInTheDocument();
  });
});
