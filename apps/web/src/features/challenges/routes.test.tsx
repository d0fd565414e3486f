import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoutes, signIn } from '@test/render-app.tsx';
import { server } from '@test/server.ts';
import { challengeCompletionRoutes, challengeRoutes } from './routes.ts';
import {
  categoriesHandler,
  CHALLENGE_ID,
  COMPLETION_ID,
  completion,
  content,
  detail,
  leaderboard,
  progress,
  summary,
} from '@test/features/challenges/fixtures.ts';

const tree = [{ path: '/', HydrateFallback: () => null, children: [...challengeRoutes, ...challengeCompletionRoutes] }];

describe('challenge routes', () => {
  it.each([
    ['/challenges', 'Challenges'],
    [`/challenges/${CHALLENGE_ID}`, 'Crumbs in the Source'],
    [`/challenges/${CHALLENGE_ID}/progress`, 'Crumbs in the Source'],
  ])('loads %s lazily', async (path, title) => {
    signIn('ada');
    server.use(
      categoriesHandler(),
      http.get('/api/challenges/', () => HttpResponse.json([summary()])),
      http.get(`/api/challenges/${CHALLENGE_ID}/`, () => HttpResponse.json(detail())),
      http.get(`/api/challenges/${CHALLENGE_ID}/view-content/`, () => HttpResponse.json(content())),
      http.get(`/api/challenges/${CHALLENGE_ID}/progress/`, () => HttpResponse.json(progress())),
      http.get(`/api/challenges/${CHALLENGE_ID}/leaderboard/`, () => HttpResponse.json(leaderboard())),
    );
    renderRoutes(path, tree);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('serves the completion page to a visitor', async () => {
    server.use(
      http.get(`/api/challenges/completed_challenge/${COMPLETION_ID}/`, () => HttpResponse.json(completion())),
    );
    renderRoutes(`/completion/challenge/${COMPLETION_ID}`, tree);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
