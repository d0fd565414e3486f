import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import defaultAvatar from '@/assets/default-avatar.svg';
import { server } from '@test/server.ts';
import {
  ATTEMPT_ID,
  CERTIFICATE_ID,
  CHALLENGE_ID,
  MODULE_COMPLETION_ID,
  MODULE_ID,
  challengeAttempt,
  moduleProgress,
  paged,
  pointsRow,
  profile,
  statistics,
} from '@test/features/profile/fixtures.ts';
import { profileHandlers } from '@test/features/profile/handlers.ts';
import { renderProfile } from '@test/features/profile/render.tsx';
import { stubObjectUrls } from '@test/object-urls.ts';

const section = (name: string) => screen.findByRole('region', { name });

describe('ProfilePage', () => {
  it('shows the header: photo, name, username, country, join date, premium, and the two links', async () => {
    server.use(...profileHandlers());
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute('src', defaultAvatar);
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByRole('link', { name: 'View public profile' })).toHaveAttribute('href', '/profile/ada');
    expect(document.title).toBe('Profile · Bastion');
  });

  it('a photo is loaded from the API host; a hidden public profile gets no link; no premium chip for free users', async () => {
    server.use(
      ...profileHandlers(
        http.get('/api/users/profile/', () =>
          HttpResponse.json(
            profile({
              photo: '/media/avatars/ada.webp',
              is_premium: false,
              public_profile: { ...profile().public_profile, is_public: false },
            }),
          ),
        ),
      ),
    );
    renderProfile();
    expect(await screen.findByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/media/avatars/ada.webp',
    );
    expect(screen.queryByRole('link', { name: 'View public profile' })).not.toBeInTheDocument();
    expect(screen.getByText('Your public profile is hidden. Turn it on in Edit profile.')).toBeInTheDocument();
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
  });

  it('shows the statistics with the year of activity', async () => {
    server.use(...profileHandlers());
    renderProfile();
    const stats = await section('Statistics');
    const figures = await within(stats).findByRole('list', { name: 'Your figures' });
    expect(within(figures).getByText('340')).toBeInTheDocument();
    expect(within(figures).getByText('#4')).toBeInTheDocument();
    expect(within(figures).getByText('8 days')).toBeInTheDocument();
    expect(within(figures).getByText('Longest 12 days')).toBeInTheDocument();
    expect(within(stats).getByText('Lessons completed').nextSibling).toHaveTextContent('21');
    expect(within(stats).getByText('Badges earned').nextSibling).toHaveTextContent('5');
    expect(within(stats).getByRole('group', { name: '3 active days in the last year' })).toBeInTheDocument();
    expect(stats.querySelectorAll('rect[data-date]')).toHaveLength(365);
    expect(stats.querySelector('rect[data-date="2026-03-14"]')).toHaveAttribute('data-level', '4');
  });

  it('shows earned badges, and locked ones with their progress in the other tab', async () => {
    server.use(...profileHandlers());
    const { user } = renderProfile();
    const badges = await section('Badges');
    const earned = await within(badges).findByRole('list', { name: 'Earned badges' });
    expect(within(earned).getByRole('heading', { name: 'First Steps' })).toBeInTheDocument();
    expect(within(earned).getByRole('listitem')).toHaveTextContent('Earned 1 Mar 2026 · +10 points');

    await user.click(within(badges).getByRole('tab', { name: 'Locked (1)' }));
    const locked = await within(badges).findByRole('list', { name: 'Locked badges' });
    expect(within(locked).getByText('Complete 50 lessons. · 21 / 50')).toBeInTheDocument();
    expect(within(locked).getByRole('progressbar', { name: 'Bookworm progress' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
  });

  it('lists certificates with the public record, and downloads the PDF with the session', async () => {
    let authorization: string | null = null;
    server.use(
      ...profileHandlers(
        http.get(`/api/users/certificates/${CERTIFICATE_ID}/pdf/`, ({ request }) => {
          authorization = request.headers.get('Authorization');
          return new HttpResponse('%PDF-1.7 test', { headers: { 'Content-Type': 'application/pdf' } });
        }),
      ),
    );
    const { created: createObjectURL } = stubObjectUrls(() => 'blob:certificate');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderProfile();

    const certificates = await section('Certificates');
    expect(await within(certificates).findByText(/No\. BST-2026-4F7K-9QX2/)).toBeInTheDocument();
    expect(within(certificates).getByRole('link', { name: 'Public record: Linux Fundamentals' })).toHaveAttribute(
      'href',
      `/completion/course/${CERTIFICATE_ID}`,
    );
    await user.click(within(certificates).getByRole('button', { name: 'Download PDF: Linux Fundamentals' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob)));
    expect(authorization).toMatch(/^Bearer /);
    expect((createObjectURL.mock.calls[0]![0] as Blob).type).toBe('application/pdf');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('bastion-certificate-linux-fundamentals-bst-2026-4f7k-9qx2.pdf');
    click.mockRestore();
  });

  it('a failed download says so', async () => {
    server.use(
      ...profileHandlers(
        http.get(`/api/users/certificates/${CERTIFICATE_ID}/pdf/`, () => HttpResponse.json({}, { status: 500 })),
      ),
    );
    const { user } = renderProfile();
    const certificates = await section('Certificates');
    await user.click(await within(certificates).findByRole('button', { name: 'Download PDF: Linux Fundamentals' }));
    expect(await screen.findByText('Failed to download the certificate.')).toBeInTheDocument();
  });

  it('shows the points history and pages through it, keeping the page out of the address', async () => {
    const pages: (string | null)[] = [];
    server.use(
      ...profileHandlers(
        http.get('/api/points/pointshistory/', ({ request }) => {
          const page = new URL(request.url).searchParams.get('page');
          pages.push(page);
          return HttpResponse.json(
            paged([pointsRow({ reason: page === '2' ? 'Lesson completed: Files' : 'Quiz solved: Who am I?' })], 23),
          );
        }),
      ),
    );
    const { user, router } = renderProfile();
    const history = await section('Points history');
    expect(await within(history).findByText('Quiz solved: Who am I?')).toBeInTheDocument();
    expect(within(history).getByText('+10')).toBeInTheDocument();
    expect(within(history).getByText('14 Mar 2026')).toBeInTheDocument();
    const pager = within(history).getByRole('navigation', { name: 'Pages of your points history' });
    expect(within(pager).getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Go to page 4' })).not.toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Go to page 2' }));
    expect(await within(history).findByText('Lesson completed: Files')).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
    expect(router.state.location.search).toBe('');
  });

  it('asks for challenge history and module progress at page 1, size 10, and shows them', async () => {
    const asked: Record<string, string> = {};
    const remember = (name: string, url: string) => {
      const params = new URL(url).searchParams;
      asked[name] = `page=${params.get('page')}&page_size=${params.get('page_size')}`;
    };
    server.use(
      ...profileHandlers(
        http.get('/api/challenges/history/', ({ request }) => {
          remember('challenges', request.url);
          return HttpResponse.json(paged([challengeAttempt({ first_blood: true })]));
        }),
        http.get('/api/users/module-progress/', ({ request }) => {
          remember('modules', request.url);
          return HttpResponse.json(
            paged([
              moduleProgress(),
              moduleProgress({
                module: { ...moduleProgress().module, id: '2d2d2d2d-1111-4222-8333-000000000009', title: 'Files' },
                progress: 100,
                completed: true,
                completed_at: '2026-03-01T10:00:00Z',
                completion_id: MODULE_COMPLETION_ID,
              }),
            ]),
          );
        }),
      ),
    );
    renderProfile();
    const challenges = await section('Challenge history');
    expect(await within(challenges).findByRole('link', { name: 'Log Detective' })).toHaveAttribute(
      'href',
      `/challenges/${CHALLENGE_ID}`,
    );
    expect(within(challenges).getByText('Completed')).toBeInTheDocument();
    expect(within(challenges).getByText('First blood')).toBeInTheDocument();
    expect(
      within(challenges).getByText(/55 \/ 60 points · 1 hint used · Completed 10 Mar 2026 · 42 min/),
    ).toBeInTheDocument();
    expect(within(challenges).getByRole('link', { name: 'Completion record: Log Detective' })).toHaveAttribute(
      'href',
      `/completion/challenge/${ATTEMPT_ID}`,
    );

    const modules = await section('Module progress');
    expect(await within(modules).findByRole('progressbar', { name: 'The Shell progress' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(within(modules).getByRole('link', { name: 'The Shell' })).toHaveAttribute(
      'href',
      `/courses/module/${MODULE_ID}/lessons`,
    );
    expect(within(modules).getByRole('link', { name: 'Completion record: Files' })).toHaveAttribute(
      'href',
      `/completion/module/${MODULE_COMPLETION_ID}`,
    );
    expect(asked).toEqual({ challenges: 'page=1&page_size=10', modules: 'page=1&page_size=10' });
  });

  it('shows each empty list with a way forward', async () => {
    const empty = () => HttpResponse.json(paged([]));
    server.use(
      ...profileHandlers(
        http.get('/api/badges/earned/', empty),
        http.get('/api/users/certificates/', () => HttpResponse.json([])),
        http.get('/api/points/pointshistory/', empty),
        http.get('/api/challenges/history/', empty),
        http.get('/api/users/module-progress/', empty),
        http.get('/api/coupons/history/', empty),
      ),
    );
    renderProfile();
    expect(await screen.findByText(/No badges yet/)).toBeInTheDocument();
    expect(await screen.findByText('Complete a course to earn its certificate.')).toBeInTheDocument();
    expect(await screen.findByText(/No points yet/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start one' })).toHaveAttribute('href', '/challenges');
    expect(await screen.findByRole('link', { name: 'Browse the modules' })).toHaveAttribute('href', '/modules');
    expect(await screen.findByText('You have not redeemed a reward code yet.')).toBeInTheDocument();
  });

  it('a failing section says so and retries on its own; the rest of the page still shows', async () => {
    let calls = 0;
    server.use(
      ...profileHandlers(
        http.get('/api/userstatistics/', () => {
          calls += 1;
          return calls === 1
            ? HttpResponse.json({ detail: 'Service unavailable.' }, { status: 503 })
            : HttpResponse.json(statistics());
        }),
      ),
    );
    const { user } = renderProfile();
    const stats = await section('Statistics');
    const alert = await within(stats).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your statistics. Service unavailable.');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(stats).findByRole('list', { name: 'Your figures' })).toBeInTheDocument();
  });
});
