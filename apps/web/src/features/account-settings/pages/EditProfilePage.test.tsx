import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { profile } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';

describe('EditProfilePage: personal details', () => {
  it('loads the profile into the form, with username and email read-only', async () => {
    serveProfile();
    renderEditProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile…');

    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('Ada');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeInTheDocument();
    expect(document.title).toBe('Edit profile · Bastion');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Lovelace');
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveValue('GB');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveValue('Poet of numbers.');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('sends only the changed fields, confirms, and refreshes the navbar and the own profile', async () => {
    const state = serveProfile();
    let body: unknown = null;
    server.use(
      http.patch('/api/users/profile/', async ({ request }) => {
        body = await request.json();
        state.current = profile({ first_name: 'Augusta', country: 'FR' });
        return HttpResponse.json(state.current);
      }),
    );
    const { user, queryClient } = renderEditProfile();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 1, user_strike: 0 });
    const getsBefore = state.gets;

    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'FR');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(body).toEqual({ first_name: 'Augusta', country: 'FR' });
    expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(state.gets).toBeGreaterThan(getsBefore));
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveValue('Augusta');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('picks a time zone by typing part of its name', async () => {
    serveProfile();
    let body: unknown = null;
    server.use(
      http.patch('/api/users/profile/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(profile({ timezone: 'Europe/Paris' }));
      }),
    );
    const { user } = renderEditProfile();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Paris');
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    expect(body).toEqual({ timezone: 'Europe/Paris' });
  });

  it("shows the server's field errors under their fields, and no success message", async () => {
    serveProfile();
    server.use(
      http.patch('/api/users/profile/', () =>
        HttpResponse.json(
          {
            first_name: ['This field may not be blank.'],
            timezone: ['Choose a valid IANA time zone, such as Europe/Paris.'],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderEditProfile();
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAccessibleDescription(
        'This field may not be blank.',
      ),
    );
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(
      'Choose a valid IANA time zone, such as Europe/Paris.',
    );
    expect(screen.queryByText('Profile updated successfully.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failure without field errors is a snackbar', async () => {
    serveProfile();
    server.use(http.patch('/api/users/profile/', () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderEditProfile();
    await user.type(await screen.findByRole('textbox', { name: 'Bio' }), ' Still.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update your profile.')).toBeInTheDocument();
  });

  it('offers a way back when the profile cannot be loaded', async () => {
    server.use(http.get('/api/users/profile/', () => HttpResponse.json({}, { status: 500 })));
    renderEditProfile();
    expect(await screen.findByText('Could not load your profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
