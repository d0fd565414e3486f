import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_LEARNER } from '@bastion/contract';
import { server } from '@test/server.ts';
import { COMPLETION_ID, completion } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengeCompletionPage } from './ChallengeCompletionPage.tsx';

const URL_PATH = `/api/challenges/completed_challenge/${COMPLETION_ID}/`;

const renderCompletion = (id = COMPLETION_ID, { signedIn = false } = {}) =>
  renderPage('/completion/challenge/:completionId', <ChallengeCompletionPage />, `/completion/challenge/${id}`, {
    signedIn,
  });

describe('ChallengeCompletionPage (public)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a visitor who completed which challenge, when, how fast and for how many points, without a token', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get(URL_PATH, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(completion());
      }),
    );
    renderCompletion();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the completion…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(authorization).toBeNull();
    expect(screen.getByText('Challenge completed')).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Crumbs in the Source' })).toBeInTheDocument();
    expect(screen.getByText('37 of 55 points earned')).toBeInTheDocument();
    expect(screen.getByText('Solved in 26 min')).toBeInTheDocument();
    expect(screen.getByText('Completed on 14 March 2026')).toBeInTheDocument();
    expect(screen.queryByText(/First blood/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/media/avatars/ada.webp',
    );
    expect(screen.getByRole('link', { name: 'Start learning on Bastion' })).toHaveAttribute('href', '/register');
    expect(document.title).toBe('Ada Lovelace completed Crumbs in the Source · Bastion');
  });

  it('shows a learner whose public profile is off as the anonymous label, without a username or photo', async () => {
    server.use(
      http.get(URL_PATH, () =>
        HttpResponse.json(completion({ user: { username: null, full_name: ANONYMOUS_LEARNER, photo: null } })),
      ),
    );
    renderCompletion();
    expect(await screen.findByRole('heading', { level: 1, name: 'A Bastion learner' })).toBeInTheDocument();
    expect(screen.queryByText(/^@/)).not.toBeInTheDocument();
    expect(screen.queryByText(/null/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Photo of/ })).not.toBeInTheDocument();
    expect(document.title).toBe('A Bastion learner completed Crumbs in the Source · Bastion');
  });

  it('offers sharing and marks first blood', async () => {
    server.use(
      http.get(URL_PATH, () =>
        HttpResponse.json(completion({ first_blood: true, user: { username: 'ada', full_name: ' ', photo: null } })),
      ),
    );
    const { user } = renderCompletion();
    expect(await screen.findByRole('heading', { level: 1, name: 'ada' })).toBeInTheDocument();
    expect(screen.getByText('First blood: the first to solve it')).toBeInTheDocument();
    const url = `${window.location.origin}/completion/challenge/${COMPLETION_ID}`;
    expect(screen.getByRole('link', { name: 'Share on X (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://x.com/intent/tweet?${new URLSearchParams({ text: 'ada completed the challenge “Crumbs in the Source” on Bastion.', url })}`,
    );
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByRole('img', { name: 'Photo of ada' }).getAttribute('src')).not.toBe('');
  });

  it('signed in, it leads back to the dashboard', async () => {
    server.use(http.get(URL_PATH, () => HttpResponse.json(completion())));
    renderCompletion(COMPLETION_ID, { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('an unknown id shows not-found, and a failure can be retried', async () => {
    server.use(
      http.get('/api/challenges/completed_challenge/:id/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    const first = renderCompletion('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Completion not found' })).toBeInTheDocument();
    first.unmount();

    let calls = 0;
    server.use(
      http.get(URL_PATH, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: 'Try later.' }, { status: 503 })
          : HttpResponse.json(completion());
      }),
    );
    const { user } = renderCompletion();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this completion. Try later.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
