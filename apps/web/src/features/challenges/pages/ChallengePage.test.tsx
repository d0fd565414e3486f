import { CHALLENGE_MESSAGES, POLLING } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '@test/server.ts';
import { challengeQueryOptions } from '../api/get-challenge.ts';
import { challengeContentQueryOptions } from '../api/get-challenge-content.ts';
import { serveChallenge } from '@test/features/challenges/challenge-server.ts';
import { CHALLENGE_ID, COMPLETION_ID, content, detail, step } from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengePage } from './ChallengePage.tsx';
import { stubObjectUrls } from '@test/object-urls.ts';

const BASE = `/api/challenges/${CHALLENGE_ID}`;

const renderChallenge = () => renderPage('/challenges/:challengeId', <ChallengePage />, `/challenges/${CHALLENGE_ID}`);

const STARTS_IT = 'You have not started this challenge yet: submitting an answer or taking a hint starts it.';

const region = (n: number) => screen.getByRole('region', { name: `Step ${n}` });

async function answer(user: ReturnType<typeof renderChallenge>['user'], n: number, text: string) {
  const step = region(n);
  // user-event reads { and [ as key names unless doubled.
  await user.type(within(step).getByRole('textbox', { name: 'Your answer' }), text.replace(/[{[]/g, '$&$&'));
  await user.click(within(step).getByRole('button', { name: 'Submit answer' }));
}

describe('ChallengePage: before the start', () => {
  it('shows the story as Markdown, the files as downloads and a Start button, then starts', async () => {
    const { requests } = serveChallenge();
    const { user } = renderChallenge();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the challenge…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crumbs in the Source' })).toBeInTheDocument();
    expect(document.title).toBe('Crumbs in the Source · Bastion');
    expect(await screen.findByRole('heading', { level: 3, name: 'The bakery' })).toBeInTheDocument();
    expect(screen.getByText('three files', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Docs (opens in a new tab)' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    expect(screen.getByRole('button', { name: 'Download index.html (2.0 KB)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download robots.txt (120 B)' })).toBeEnabled();
    expect(within(region(1)).getByText(STARTS_IT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start the challenge' }));
    await waitFor(() => expect(screen.queryByText(STARTS_IT)).not.toBeInTheDocument());
    const first = region(1);
    expect(requests.starts).toBe(1);
    expect(within(first).getByRole('heading', { level: 3, name: "Developer's note" })).toBeInTheDocument();
    const field = within(first).getByRole('textbox', { name: 'Your answer' });
    expect(field).toHaveAccessibleDescription(
      'Format: ************.bakery.example.com. 31 characters, the characters other than * as shown. Each * stands for one character.',
    );
    expect(within(region(2)).getByText('Locked')).toBeInTheDocument();
    expect(within(region(2)).getByText('Solve step 1 to unlock this step.')).toBeInTheDocument();
    expect(within(region(2)).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(region(3)).queryByText('Decode the token.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your progress' })).toHaveAttribute(
      'href',
      `/challenges/${CHALLENGE_ID}/progress`,
    );
  });

  it('a failed start says so, and sends no answer', async () => {
    const { requests } = serveChallenge();
    server.use(http.post(`${BASE}/start/`, () => HttpResponse.json({ detail: 'Try later.' }, { status: 503 })));
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, 'staging-7f3a.bakery.example.com');
    expect(await screen.findByText('Failed to start the challenge. Try later.')).toBeInTheDocument();
    expect(requests.answers).toEqual([]);
    expect(within(region(1)).getByText(STARTS_IT)).toBeInTheDocument();
  });

  it('an answer to step 1 before the start starts the challenge first, then is judged', async () => {
    const { requests } = serveChallenge();
    const order: string[] = [];
    server.events.on('request:start', ({ request }) => order.push(new URL(request.url).pathname));
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, 'staging-7f3a.bakery.example.com');
    expect(await within(region(1)).findByText('Correct answer! +10 points.')).toBeInTheDocument();
    expect(requests.starts).toBe(1);
    const posts = order.filter((path) => path.endsWith('/start/') || path.endsWith('/step/1/'));
    expect(posts).toEqual([`${BASE}/start/`, `${BASE}/step/1/`]);
    server.events.removeAllListeners();
  });

  it('a hint before the start starts the challenge first', async () => {
    const { requests } = serveChallenge();
    const { user } = renderChallenge();
    const first = await screen.findByRole('region', { name: 'Step 1' });
    await user.click(within(first).getByRole('button', { name: /^Hint/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take the hint' }));
    expect(await within(first).findByText(/Hint for step 1/)).toBeInTheDocument();
    expect(requests.starts).toBe(1);
    expect(requests.hints).toEqual([`${BASE}/step/1/hint/`]);
  });
});

describe('ChallengePage: files', () => {
  const FILE = '/media/challenges/crumbs/index.html';
  afterEach(() => vi.restoreAllMocks());

  it('downloads a file with the session (attachments need sign-in), as a blob saved under its name', async () => {
    serveChallenge();
    let authorization: string | null = null;
    server.use(
      http.get(FILE, ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse('<!-- staging -->', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }),
    );
    const { created: createObjectURL } = stubObjectUrls(() => 'blob:attachment');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderChallenge();
    await user.click(await screen.findByRole('button', { name: 'Download index.html (2.0 KB)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(authorization).toMatch(/^Bearer /);
    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(blob.type).toBe('text/plain; charset=utf-8');
    expect(await blob.text()).toBe('<!-- staging -->');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('index.html');
    expect(anchor.href).toBe('blob:attachment');
  });

  it('a refused download says so', async () => {
    serveChallenge();
    server.use(
      http.get(FILE, () => HttpResponse.json({ detail: CHALLENGE_MESSAGES.premiumRequired }, { status: 403 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderChallenge();
    await user.click(await screen.findByRole('button', { name: 'Download index.html (2.0 KB)' }));
    expect(await screen.findByText('Failed to download index.html.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });
});

describe('ChallengePage: answering', () => {
  const inProgress = () => serveChallenge({ detail: detail({ status: 'in_progress' }) });

  it("a wrong answer shows the server's detail, and editing clears it", async () => {
    const { requests } = inProgress();
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, '  wrong-guess0.bakery.example.com  ');
    expect(await within(region(1)).findByText(CHALLENGE_MESSAGES.incorrect)).toBeInTheDocument();
    expect(requests.answers).toEqual([{ path: `${BASE}/step/1/`, answer: 'wrong-guess0.bakery.example.com' }]);
    expect(within(region(2)).getByText('Locked')).toBeInTheDocument();
    await user.type(within(region(1)).getByRole('textbox', { name: 'Your answer' }), 'x');
    expect(within(region(1)).queryByText(CHALLENGE_MESSAGES.incorrect)).not.toBeInTheDocument();
  });

  it('an empty answer is not sent', async () => {
    const { requests } = inProgress();
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await user.click(within(region(1)).getByRole('button', { name: 'Submit answer' }));
    expect(within(region(1)).getByRole('textbox', { name: 'Your answer' })).toHaveAccessibleDescription(
      'Enter your answer.',
    );
    expect(requests.answers).toEqual([]);
  });

  it('an answer that does not fit the format is not sent, and the field says why', async () => {
    const { requests } = inProgress();
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, 'staging.bakery.example.com');
    expect(within(region(1)).getByRole('textbox', { name: 'Your answer' })).toHaveAccessibleDescription(
      'The format ************.bakery.example.com has 31 characters; your answer has 26.',
    );
    expect(requests.answers).toEqual([]);
  });

  it('a correct answer shows success and unlocks the next step', async () => {
    const { answers } = inProgress();
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, answers[1]!);
    expect(await within(region(1)).findByText('Correct answer! +10 points.')).toBeInTheDocument();
    expect(within(region(1)).getByText('Solved')).toBeInTheDocument();
    expect(within(region(1)).queryByRole('textbox')).not.toBeInTheDocument();
    const second = region(2);
    // The question of a step that was locked comes with the refetch (the server does not send it before).
    expect(await within(second).findByText('Which disallowed path holds database exports?')).toBeInTheDocument();
    expect(within(second).getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(within(second).queryByText('Locked')).not.toBeInTheDocument();
    expect(within(region(3)).getByText('Locked')).toBeInTheDocument();
  });

  it('429: shows the server detail with the wait, and holds Submit back', async () => {
    inProgress();
    server.use(
      http.post(`${BASE}/step/:n/`, () =>
        HttpResponse.json(
          { detail: CHALLENGE_MESSAGES.answerThrottled },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, 'wrong-guess0.bakery.example.com');
    expect(
      await within(region(1)).findByText(
        'Too many wrong answers. Please wait before trying again. Try again in 42 seconds.',
      ),
    ).toBeInTheDocument();
    expect(within(region(1)).getByRole('button', { name: 'Submit answer' })).toBeDisabled();
  });

  it("a refusal (previous step unsolved) shows the server's words", async () => {
    inProgress();
    server.use(
      http.post(`${BASE}/step/:n/`, () =>
        HttpResponse.json({ detail: CHALLENGE_MESSAGES.previousStepFirst }, { status: 400 }),
      ),
    );
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await answer(user, 1, 'wrong-guess0.bakery.example.com');
    expect(
      await within(region(1)).findByText(`Failed to submit your answer. ${CHALLENGE_MESSAGES.previousStepFirst}`),
    ).toBeInTheDocument();
  });

  it("a step order of 'Step 3' puts only 3 in the path", async () => {
    const { requests } = serveChallenge({
      detail: detail({ status: 'in_progress' }),
      content: content({
        steps: [step({ order: 'Step 3' as unknown as number, title: 'Hidden in plain sight', answer_format: null })],
      }),
    });
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 3' });
    await answer(user, 3, 'BASTION{x}');
    expect(await within(region(3)).findByText(`${CHALLENGE_MESSAGES.completed} +10 points.`)).toBeInTheDocument();
    expect(requests.answers).toEqual([{ path: `${BASE}/step/3/`, answer: 'BASTION{x}' }]);
    expect(within(region(3)).getByText('Solved')).toBeInTheDocument();
    await user.click(
      await within(region(3))
        .findByRole('button', { name: /^Hint/ })
        .catch(() => region(3)),
    );
  });

  it('solving the last step shows the completion panel with points, progress and the share link', async () => {
    const { answers } = serveChallenge({
      detail: detail({ status: 'in_progress' }),
      content: content({
        steps: content().steps.map((s) =>
          s.order < 3 ? { ...s, solved: true, locked: false } : { ...s, locked: false },
        ),
      }),
    });
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 3' });
    await answer(user, 3, answers[3]!);
    expect(await within(region(3)).findByText(`${CHALLENGE_MESSAGES.completed} +20 points.`)).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'Challenge complete!' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Challenge complete!' })).toHaveFocus());
    expect(
      await within(panel).findByText(
        "You earned 37 points of 55 in 26 min, with 1 hint. You are #2 on this challenge's leaderboard.",
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View your completion page' })).toHaveAttribute(
      'href',
      `/completion/challenge/${COMPLETION_ID}`,
    );
    expect(within(panel).getByRole('link', { name: 'Your progress and leaderboard' })).toHaveAttribute(
      'href',
      `/challenges/${CHALLENGE_ID}/progress`,
    );
    const url = `${window.location.origin}/completion/challenge/${COMPLETION_ID}`;
    expect(within(panel).getByRole('link', { name: 'Share on LinkedIn (opens in a new tab)' })).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    await user.click(within(panel).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
  });
});

describe('ChallengePage: hints', () => {
  const inProgress = () => serveChallenge({ detail: detail({ status: 'in_progress' }) });

  it('names the cost before taking the hint, then fetches it with the success message', async () => {
    const { requests } = inProgress();
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await user.click(within(region(1)).getByRole('button', { name: 'Hint (costs 3 points)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use a hint for step 1?' });
    expect(dialog).toHaveTextContent('Take the hint for 3 points?');
    expect(requests.hints).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.hints).toEqual([]);

    await user.click(within(region(1)).getByRole('button', { name: 'Hint (costs 3 points)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take the hint' }));
    expect(await screen.findByText(CHALLENGE_MESSAGES.hintFetched)).toBeInTheDocument();
    expect(requests.hints).toEqual([`${BASE}/step/1/hint/`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region(1)).getByText(/Hint for step 1: look at the/)).toBeInTheDocument();
    expect(within(region(1)).getByText('<!-- comments -->', { selector: 'code' })).toBeInTheDocument();
    expect(within(region(1)).queryByRole('button', { name: /^Hint/ })).not.toBeInTheDocument();
  });

  it("a failed hint shows 'Failed to fetch hint.' and keeps the button", async () => {
    inProgress();
    server.use(http.post(`${BASE}/step/:n/hint/`, () => new HttpResponse(null, { status: 500 })));
    const { user } = renderChallenge();
    await screen.findByRole('region', { name: 'Step 1' });
    await user.click(within(region(1)).getByRole('button', { name: 'Hint (costs 3 points)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Take the hint' }));
    expect(await screen.findByText(CHALLENGE_MESSAGES.failedFetchHint)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(region(1)).getByRole('button', { name: 'Hint (costs 3 points)' })).toBeInTheDocument();
  });
});

describe('ChallengePage: other states', () => {
  it('a completed challenge opens on its completion panel with every step solved', async () => {
    serveChallenge({
      detail: detail({ status: 'completed', completion_id: COMPLETION_ID }),
      content: content({
        steps: content().steps.map((s) => ({ ...s, solved: true, locked: false, hint: `Hint ${s.order}` })),
      }),
    });
    renderChallenge();
    expect(await screen.findByRole('heading', { level: 2, name: 'Challenge complete!' })).not.toHaveFocus();
    expect(screen.getAllByText('Solved')).toHaveLength(3);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(region(2)).getByText('Hint 2')).toBeInTheDocument();
  });

  it('a premium challenge the learner cannot open shows the lock, leading to /subscription', async () => {
    let contentCalls = 0;
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json(detail({ is_premium: true, locked: true }))),
      http.get(`${BASE}/view-content/`, () => {
        contentCalls += 1;
        return HttpResponse.json({ detail: CHALLENGE_MESSAGES.premiumRequired }, { status: 403 });
      }),
    );
    renderChallenge();
    expect(await screen.findByRole('heading', { name: 'This challenge is part of Premium' })).toBeInTheDocument();
    expect(screen.getByText(CHALLENGE_MESSAGES.premiumRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Premium plans' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('button', { name: /Start/ })).not.toBeInTheDocument();
    expect(contentCalls).toBeLessThanOrEqual(1);
  });

  it('an unknown challenge shows not-found', async () => {
    server.use(
      http.get('/api/challenges/:id/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.get('/api/challenges/:id/view-content/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderChallenge();
    expect(await screen.findByRole('heading', { name: 'Challenge not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All challenges' })).toHaveAttribute('href', '/challenges');
  });

  it('keeps challenge content fresh for 30 s and cached for 1 h (R9)', () => {
    for (const options of [challengeQueryOptions(CHALLENGE_ID), challengeContentQueryOptions(CHALLENGE_ID)]) {
      expect(options.staleTime).toBe(POLLING.challengeContentStaleMs);
      expect(options.gcTime).toBe(POLLING.challengeContentGcMs);
    }
    expect(POLLING.challengeContentStaleMs).toBe(30_000);
    expect(POLLING.challengeContentGcMs).toBe(3_600_000);
  });
});
