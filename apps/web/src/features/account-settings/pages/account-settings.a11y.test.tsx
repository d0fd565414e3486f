import { DEFAULT_PUBLIC_PROFILE_SETTINGS } from '@bastion/contract';
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { profile } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';
import { stubObjectUrls } from '@test/object-urls.ts';

describe('edit profile page has no axe violations', () => {
  beforeEach(() => {
    stubObjectUrls(() => 'blob:preview');
  });
  afterEach(() => cleanup());

  it('as loaded, with a photo and a public profile', async () => {
    serveProfile(profile({ photo: '/media/avatars/ada.webp' }));
    renderEditProfile();
    await screen.findByRole('switch', { name: 'Public profile' });
    expect(await axeViolations()).toEqual([]);
  });

  it('with a photo preview, field errors and a private profile', async () => {
    serveProfile(profile({ public_profile: { ...DEFAULT_PUBLIC_PROFILE_SETTINGS, is_public: false } }));
    server.use(
      http.patch('/api/users/profile/', () =>
        HttpResponse.json({ last_name: ['This field may not be blank.'] }, { status: 400 }),
      ),
    );
    const { user } = renderEditProfile();
    await user.upload(await screen.findByLabelText('Photo file'), new File(['x'], 'me.png', { type: 'image/png' }));
    await user.clear(screen.getByRole('textbox', { name: /Last name/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('This field may not be blank.');
    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
