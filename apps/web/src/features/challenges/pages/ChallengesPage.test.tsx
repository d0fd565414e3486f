import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@test/server.ts';
import { categoriesHandler, COMPLETION_ID, DONE_ID, PREMIUM_ID, summary } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengesPage } from './ChallengesPage.tsx';

const ALL = [
  summary(),
  summary({
    id: PREMIUM_ID,
    title: 'Ladder to Root',
    category: 'linux',
    difficulty: 'hard',
    is_premium: true,
    locked: true,
    first_blood: null,
    solves: 1,
  }),
  summary({
    id: DONE_ID,
    title: 'Wire Whispers',
    category: 'network',
    difficulty: 'medium',
    status: 'completed',
    completion_id: COMPLETION_ID,
  }),
];

/** Records every list request's query string; the categories are the known ones and `misc`. */
function serveChallenges(respond: (params: URLSearchParams) => Response = () => HttpResponse.json(ALL)) {
  const requests: URLSearchParams[] = [];
  server.use(
    categoriesHandler(['misc']),
    http.get('/api/challenges/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      return respond(params);
    }),
  );
  return requests;
}

const renderList = (entry = '/challenges') => renderPage('/challenges', <ChallengesPage />, entry);

describe('ChallengesPage', () => {
  it('renders a card per challenge with its details, status and next step', async () => {
    const requests = serveChallenges();
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading challenges…');
    const crumbs = await screen.findByRole('article', { name: 'Crumbs in the Source' });
    expect(screen.getByRole('heading', { level: 1, name: 'Challenges' })).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Crumbs in the Source' })).toHaveAttribute(
      'href',
      '/challenges/7b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
    );
    expect(within(crumbs).getByText('Read what the browser already downloaded.')).toBeInTheDocument();
    expect(within(crumbs).getByText('Web')).toBeInTheDocument();
    expect(within(crumbs).getByText('Easy')).toBeInTheDocument();
    expect(within(crumbs).getByText('Not started')).toBeInTheDocument();
    expect(within(crumbs).getByText('55 pts · 3 steps · 12 solves')).toBeInTheDocument();
    expect(within(crumbs).getByText('First blood: grace')).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Start Crumbs in the Source' })).toBeInTheDocument();
    expect(within(crumbs).queryByText(/Premium/)).not.toBeInTheDocument();
    expect(requests[0]?.toString()).toBe('access=all');
    expect(screen.getByText('3 challenges')).toBeInTheDocument();
  });

  it('shows the premium lock, leading to /subscription, when the list says the learner lacks premium', async () => {
    serveChallenges();
    renderList();
    const ladder = await screen.findByRole('article', { name: 'Ladder to Root' });
    expect(within(ladder).getByText('Premium · locked')).toBeInTheDocument();
    expect(within(ladder).getByText('1 solve', { exact: false })).toBeInTheDocument();
    expect(within(ladder).getByRole('link', { name: 'Unlock with Premium: Ladder to Root' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(ladder).getByRole('link', { name: 'Ladder to Root' })).toHaveAttribute(
      'href',
      `/challenges/${PREMIUM_ID}`,
    );
    expect(within(ladder).queryByRole('link', { name: /^Start/ })).not.toBeInTheDocument();

    const wire = screen.getByRole('article', { name: 'Wire Whispers' });
    expect(within(wire).getByText('Completed')).toBeInTheDocument();
    expect(within(wire).getByRole('link', { name: 'Review Wire Whispers' })).toBeInTheDocument();
    expect(within(wire).getByRole('link', { name: 'Completion page for Wire Whispers' })).toHaveAttribute(
      'href',
      `/completion/challenge/${COMPLETION_ID}`,
    );
  });

  it('a premium challenge the learner can open shows Premium without a lock', async () => {
    serveChallenges(() => HttpResponse.json([summary({ is_premium: true, locked: false, status: 'in_progress' })]));
    renderList();
    const card = await screen.findByRole('article', { name: 'Crumbs in the Source' });
    expect(within(card).getByText('Premium')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue Crumbs in the Source' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Unlock/ })).not.toBeInTheDocument();
  });

  it('reads the filters from the address and sends them', async () => {
    const requests = serveChallenges();
    renderList('/challenges?category=crypto&difficulty=hard&status=in_progress&access=premium');
    await screen.findByRole('article', { name: 'Crumbs in the Source' });
    expect(Object.fromEntries(requests[0] ?? [])).toEqual({
      category: 'crypto',
      difficulty: 'hard',
      status: 'in_progress',
      access: 'premium',
    });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Crypto');
    expect(screen.getByRole('combobox', { name: 'Difficulty' })).toHaveTextContent('Hard');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('In progress');
    expect(screen.getByRole('combobox', { name: 'Access' })).toHaveTextContent('Premium');
  });

  it('changing a filter updates the address and the request', async () => {
    const requests = serveChallenges();
    const { user, router } = renderList();
    await screen.findByRole('article', { name: 'Crumbs in the Source' });

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Forensics' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=forensics'));
    await waitFor(() => expect(requests.at(-1)?.toString()).toBe('category=forensics&access=all'));

    await user.click(screen.getByRole('combobox', { name: 'Difficulty' }));
    await user.click(await screen.findByRole('option', { name: 'Medium' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await user.click(screen.getByRole('combobox', { name: 'Access' }));
    await user.click(await screen.findByRole('option', { name: 'Free' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=forensics&difficulty=medium&status=completed&access=free'),
    );
    await waitFor(() =>
      expect(requests.at(-1)?.toString()).toBe('category=forensics&difficulty=medium&status=completed&access=free'),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers the categories imported packs brought, labelled from their keys, and filters by them', async () => {
    const requests = serveChallenges((params) =>
      HttpResponse.json(params.get('category') ? [summary({ title: 'Sanity Check', category: 'misc' })] : ALL),
    );
    const { user, router } = renderList();
    await screen.findByRole('article', { name: 'Crumbs in the Source' });
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Misc' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=misc'));
    const card = await screen.findByRole('article', { name: 'Sanity Check' });
    expect(within(card).getByText('Misc')).toBeInTheDocument();
    expect(requests.at(-1)?.toString()).toBe('category=misc&access=all');
  });

  it('keeps a category from the address that the list does not name, and drops one that is no key', async () => {
    const requests = serveChallenges();
    renderList('/challenges?category=web-3');
    await screen.findByRole('article', { name: 'Crumbs in the Source' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Web 3');
    expect(requests[0]?.toString()).toBe('category=web-3&access=all');
  });

  it('with filters and no match, offers to clear them', async () => {
    serveChallenges((params) => HttpResponse.json(params.get('category') ? [] : ALL));
    const { user, router } = renderList('/challenges?category=osint');
    expect(await screen.findByRole('heading', { name: 'No challenges match these filters' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[1]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'Crumbs in the Source' })).toBeInTheDocument();
  });

  it('shows an empty state, and a failure with a retry', async () => {
    serveChallenges(() => HttpResponse.json([]));
    const first = renderList();
    expect(await screen.findByRole('heading', { name: 'No challenges yet' })).toBeInTheDocument();
    first.unmount();

    serveChallenges(() => HttpResponse.json({ detail: 'Down for maintenance.' }, { status: 503 }));
    renderList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the challenges. Down for maintenance.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
