import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import {
  CHALLENGE_COMPLETION_ID,
  MODULE_COMPLETION_ID,
  badge,
  paged,
  publicProfile,
} from '@test/features/public-profile/fixtures.ts';
import { renderPublicProfile, servePublicProfile } from '@test/features/public-profile/render.tsx';

const SECTION_HEADINGS = [
  'Points and rank',
  'Learning statistics',
  'Badges',
  'Completed challenges',
  'Module progress',
];

const sectionHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('PublicProfilePage', () => {
  it('shows a visitor the card and every section the owner shows, without any token', async () => {
    const calls = servePublicProfile();
    renderPublicProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the profile…');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(document.title).toBe('Ada Lovelace (@ada) · Bastion');
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/media/avatars/ada.webp',
    );
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('Rank #3')).toBeInTheDocument();
    expect(screen.getByText('Joined January 2026')).toBeInTheDocument();
    expect(screen.getByText('Poet of numbers.')).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(SECTION_HEADINGS);

    const points = await screen.findByRole('list', { name: 'Points and rank' });
    expect(within(points).getByText('1,234')).toBeInTheDocument();
    expect(within(points).getByText('4 days')).toBeInTheDocument();

    const badges = await screen.findByRole('list', { name: 'Badges, 1 earned' });
    expect(within(badges).getByRole('heading', { level: 3, name: 'First Steps' })).toBeInTheDocument();
    expect(within(badges).getByText('10 points · earned 1 Feb 2026')).toBeInTheDocument();

    const challenge = await screen.findByRole('link', { name: 'Log Hunt' });
    expect(challenge).toHaveAttribute('href', `/completion/challenge/${CHALLENGE_COMPLETION_ID}`);
    expect(screen.getByText('First blood')).toBeInTheDocument();
    // A category an imported pack brought is named in words, as on the challenge pages.
    expect(screen.getByText('Smart contracts')).toBeInTheDocument();

    expect(await screen.findByRole('progressbar', { name: 'Permissions progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('link', { name: 'View the completion of The Shell' })).toHaveAttribute(
      'href',
      `/completion/module/${MODULE_COMPLETION_ID}`,
    );

    const stats = await screen.findByRole('list', { name: 'Learning statistics' });
    expect(within(stats).getByText('Lessons completed').nextSibling).toHaveTextContent('12');
    expect(screen.getByText(/over 41 days of learning/)).toBeInTheDocument();
    // The same year-of-activity heatmap as /profile: a labelled, scrollable grid of days with their points.
    expect(screen.getByRole('group', { name: '41 active days in the last year' })).toBeInTheDocument();
    expect(document.querySelectorAll('rect[data-date]')).toHaveLength(365);

    expect(screen.getByRole('link', { name: 'Start learning on Bastion' })).toHaveAttribute('href', '/register');
    await waitFor(() => expect(calls).toHaveLength(6));
    expect(calls.every((call) => call.authorization === null)).toBe(true);
  });

  it('renders and fetches only the sections the owner shows', async () => {
    const calls = servePublicProfile(publicProfile({ sections: ['badges', 'challenges'] }));
    renderPublicProfile();
    await screen.findByRole('list', { name: 'Badges, 1 earned' });
    await screen.findByRole('link', { name: 'Log Hunt' });
    expect(sectionHeadings()).toEqual(['Badges', 'Completed challenges']);
    expect(screen.queryByText('1,234')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Learning statistics' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/users/profile/public/ada/',
      '/api/users/profile/public/ada/badges/',
      '/api/users/profile/public/ada/challenges/',
    ]);
  });

  it('a profile showing no section is just its card', async () => {
    const calls = servePublicProfile(publicProfile({ sections: [], bio: '', rank: null }));
    renderPublicProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Not ranked yet')).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it('an unknown, private or hidden profile shows the one friendly 404 with a way home', async () => {
    const calls = servePublicProfile();
    const { user } = renderPublicProfile('grace');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This profile is private or does not exist' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Profile not found · Bastion');
    expect(calls.map((call) => call.path)).toEqual(['/api/users/profile/public/grace/']);
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });

  it('sends no token even for a signed-in viewer, who is offered the dashboard', async () => {
    signIn('grace');
    const calls = servePublicProfile(publicProfile({ sections: ['points'] }));
    renderPublicProfile();
    await screen.findByRole('list', { name: 'Points and rank' });
    expect(calls.length).toBe(2);
    expect(calls.every((call) => call.authorization === null)).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('pages through the badges', async () => {
    const calls = servePublicProfile(publicProfile({ sections: ['badges'] }));
    server.use(
      http.get('/api/users/profile/public/ada/badges/', ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        calls.push({ path: '/badges', search: `?page=${page}`, authorization: null });
        return HttpResponse.json(paged([badge({ name: page === '2' ? 'Night Owl' : 'First Steps' })], 12));
      }),
    );
    const { user } = renderPublicProfile();
    await screen.findByRole('heading', { level: 3, name: 'First Steps' });
    const pages = screen.getByRole('navigation', { name: 'Badge pages' });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Night Owl' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/badges').map((call) => call.search)).toEqual(['?page=1', '?page=2']);
  });

  it('a failure other than 404 says so and offers a retry', async () => {
    server.use(http.get('/api/users/profile/public/ada/', () => HttpResponse.json({}, { status: 500 })));
    renderPublicProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this profile.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
