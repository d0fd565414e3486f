import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { PHOTO_MAX_BYTES } from '../lib/photo-file.ts';
import { profile } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';
import { stubObjectUrls } from '@test/object-urls.ts';

const png = (name = 'me.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** jsdom has no object URLs: numbered fake ones, with every revocation recorded. */
let created = 0;
let revoke: ReturnType<typeof stubObjectUrls>['revoked'];

describe('EditProfilePage: photo', () => {
  beforeEach(() => {
    created = 0;
    revoke = stubObjectUrls(() => `blob:preview-${++created}`).revoked;
  });
  afterEach(() => {
    // Unmount first: leaving the page revokes the last preview.
    cleanup();
  });

  it('previews the chosen image before any upload, then uploads it as multipart `photo`', async () => {
    const state = serveProfile();
    const uploads: { type: string | null; fields: string[]; photoType: string | null }[] = [];
    server.use(
      http.post('/api/users/profile/photo/', async ({ request }) => {
        const form = await request.formData();
        const photo = form.get('photo');
        uploads.push({
          type: request.headers.get('content-type'),
          fields: [...form.keys()],
          photoType: typeof photo === 'string' || !photo ? null : photo.type,
        });
        state.current = profile({ photo: '/media/avatars/new.webp' });
        return HttpResponse.json(state.current);
      }),
    );
    const { user, queryClient } = renderEditProfile();
    await user.upload(await screen.findByLabelText('Photo file'), png());
    queryClient.setQueryData(['navbar'], { user_photo: null, is_premium: false, user_points: 1, user_strike: 0 });

    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByText('me.png · 2 KB')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByText('Profile photo updated.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    // jsdom's File loses its name and bytes on the way through msw's fetch conversion: the part itself is checked.
    expect(uploads[0]!.fields).toEqual(['photo']);
    expect(uploads[0]!.photoType).toBe('image/png');
    expect(queryClient.getQueryState(['navbar'])?.isInvalidated).toBe(true);
    expect(await screen.findByRole('img', { name: 'Your current photo' })).toHaveAttribute(
      'src',
      '/media/avatars/new.webp',
    );
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
  });

  it('revokes the previous preview when another file is chosen, and the last one on leaving the page', async () => {
    serveProfile();
    const { user, unmount } = renderEditProfile();
    await user.upload(await screen.findByLabelText('Photo file'), png('one.png'));
    await user.click(screen.getByRole('button', { name: 'Choose another' }));
    await user.upload(screen.getByLabelText('Photo file'), png('two.png'));
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toHaveAttribute('src', 'blob:preview-2');
    expect(revoke).not.toHaveBeenCalledWith('blob:preview-2');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview-2');
  });

  it('refuses a file over the 2 MB limit without sending it', async () => {
    serveProfile();
    let posted = false;
    server.use(
      http.post('/api/users/profile/photo/', () => {
        posted = true;
        return HttpResponse.json(profile());
      }),
    );
    const { user } = renderEditProfile();
    await user.upload(await screen.findByLabelText('Photo file'), png('huge.png', PHOTO_MAX_BYTES + 1));
    expect(screen.getByText('The photo must be at most 2 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Preview of your new photo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload photo' })).not.toBeInTheDocument();
    expect(posted).toBe(false);
  });

  it("shows the server's refusal beside the picker", async () => {
    serveProfile();
    server.use(
      http.post('/api/users/profile/photo/', () =>
        HttpResponse.json({ photo: ['Upload a PNG, JPEG or WebP image.'] }, { status: 400 }),
      ),
    );
    const { user } = renderEditProfile();
    await user.upload(await screen.findByLabelText('Photo file'), png('fake.png'));
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload a PNG, JPEG or WebP image.');
    expect(screen.getByRole('img', { name: 'Preview of your new photo' })).toBeInTheDocument();
  });

  it('removes the current photo', async () => {
    const state = serveProfile(profile({ photo: '/media/avatars/old.webp' }));
    server.use(
      http.delete('/api/users/profile/photo/', () => {
        state.current = profile({ photo: null });
        return HttpResponse.json(state.current);
      }),
    );
    const { user } = renderEditProfile();
    expect(await screen.findByRole('img', { name: 'Your current photo' })).toHaveAttribute(
      'src',
      '/media/avatars/old.webp',
    );
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Profile photo removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Default avatar' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
  });
});
