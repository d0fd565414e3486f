import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { server } from '@test/server.ts';
import { serveChallenge } from '@test/features/challenges/challenge-server.ts';
import {
  categoriesHandler,
  CHALLENGE_ID,
  COMPLETION_ID,
  DONE_ID,
  PREMIUM_ID,
  completion,
  content,
  detail,
  leaderboard,
  progress,
  summary,
} from '@test/features/challenges/fixtures.ts';
import { renderPage } from '@test/features/challenges/render.tsx';
import { ChallengeCompletionPage } from './ChallengeCompletionPage.tsx';
import { ChallengePage } from './ChallengePage.tsx';
import { ChallengeProgressPage } from './ChallengeProgressPage.tsx';
import { ChallengesPage } from './ChallengesPage.tsx';

const BASE = `/api/challenges/${CHALLENGE_ID}`;
const renderChallenge = () => renderPage('/challenges/:challengeId', <ChallengePage />, `/challenges/${CHALLENGE_ID}`);

describe('challenge pages have no axe violations', () => {
  it('/challenges with filters', async () => {
    server.use(
      categoriesHandler(),
      http.get('/api/challenges/', () =>
        HttpResponse.json([
          summary(),
          summary({ id: PREMIUM_ID, title: 'Ladder to Root', is_premium: true, locked: true }),
          summary({ id: DONE_ID, title: 'Wire Whispers', status: 'completed', completion_id: COMPLETION_ID }),
        ]),
      ),
    );
    renderPage('/challenges', <ChallengesPage />, '/challenges?category=web&status=completed');
    await screen.findByRole('article', { name: 'Wire Whispers' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a challenge before the start', async () => {
    serveChallenge();
    renderChallenge();
    await screen.findByRole('button', { name: 'Start the challenge' });
    expect(await axeViolations()).toEqual([]);
  });

  it('a challenge in progress: solved, current with its hint and a verdict, and locked steps', async () => {
    serveChallenge({
      detail: detail({ status: 'in_progress' }),
      content: content({
        steps: content().steps.map((step) =>
          step.order === 1
            ? { ...step, solved: true }
            : step.order === 2
              ? { ...step, locked: false, hint_used: true, hint: 'Look for `Disallow:` lines.' }
              : step,
        ),
      }),
    });
    const { user } = renderChallenge();
    const second = await screen.findByRole('region', { name: 'Step 2' });
    await user.type(within(second).getByRole('textbox', { name: 'Your answer' }), 'wrong');
    await user.click(within(second).getByRole('button', { name: 'Submit answer' }));
    await within(second).findByText('Incorrect answer. Please try again.');
    expect(await axeViolations()).toEqual([]);
  });

  it('the hint confirmation', async () => {
    serveChallenge({ detail: detail({ status: 'in_progress' }) });
    const { user } = renderChallenge();
    const first = await screen.findByRole('region', { name: 'Step 1' });
    await user.click(within(first).getByRole('button', { name: /^Hint/ }));
    await screen.findByRole('dialog');
    expect(await axeViolations()).toEqual([]);
  });

  it('a completed challenge with its completion panel', async () => {
    serveChallenge({
      detail: detail({ status: 'completed', completion_id: COMPLETION_ID }),
      content: content({ steps: content().steps.map((step) => ({ ...step, solved: true, locked: false })) }),
    });
    renderChallenge();
    await screen.findByText(/You earned 37 points/);
    expect(await axeViolations()).toEqual([]);
  });

  it('a locked premium challenge', async () => {
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json(detail({ is_premium: true, locked: true }))),
      http.get(`${BASE}/view-content/`, () => HttpResponse.json({ detail: 'Premium.' }, { status: 403 })),
    );
    renderChallenge();
    await screen.findByRole('link', { name: 'See Premium plans' });
    expect(await axeViolations()).toEqual([]);
  });

  it('/challenges/{id}/progress with the leaderboard', async () => {
    server.use(
      http.get(`${BASE}/`, () => HttpResponse.json(detail({ status: 'completed', completion_id: COMPLETION_ID }))),
      http.get(`${BASE}/progress/`, () => HttpResponse.json(progress())),
      http.get(`${BASE}/leaderboard/`, () => HttpResponse.json(leaderboard())),
    );
    renderPage('/challenges/:challengeId/progress', <ChallengeProgressPage />, `/challenges/${CHALLENGE_ID}/progress`);
    await screen.findByRole('table');
    await screen.findByText('37 of 55');
    expect(await axeViolations()).toEqual([]);
  });

  it('/completion/challenge/{id}, signed out', async () => {
    server.use(
      http.get(`/api/challenges/completed_challenge/${COMPLETION_ID}/`, () =>
        HttpResponse.json(completion({ first_blood: true })),
      ),
    );
    renderPage(
      '/completion/challenge/:completionId',
      <ChallengeCompletionPage />,
      `/completion/challenge/${COMPLETION_ID}`,
      {
        signedIn: false,
      },
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(await axeViolations()).toEqual([]);
  });
});
