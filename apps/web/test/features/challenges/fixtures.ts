import type {
  ChallengeContent,
  ChallengeDetail,
  ChallengeLeaderboard,
  ChallengeProgress,
  ChallengeStepView,
  ChallengeSummary,
  ChallengeWriteup,
  CompletedChallenge,
} from '@bastion/contract';
import { CHALLENGE_CATEGORIES } from '@bastion/contract';
import { http, HttpResponse } from 'msw';

export const CHALLENGE_ID = '7b1e2c3d-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
export const PREMIUM_ID = '8c2f3d4e-5a6b-4c7d-9e8f-0a1b2c3d4e5f';
export const DONE_ID = '9d3a4e5f-6b7c-4d8e-af90-1b2c3d4e5f60';
export const COMPLETION_ID = 'ae4b5f60-7c8d-4e9f-b0a1-2c3d4e5f6071';

export function summary(overrides: Partial<ChallengeSummary> = {}): ChallengeSummary {
  return {
    id: CHALLENGE_ID,
    title: 'Crumbs in the Source',
    summary: 'Read what the browser already downloaded.',
    category: 'web',
    difficulty: 'easy',
    points: 55,
    is_premium: false,
    steps_count: 3,
    solves: 12,
    first_blood: 'grace',
    status: 'not_started',
    completion_id: null,
    locked: false,
    ...overrides,
  };
}

export function detail(overrides: Partial<ChallengeDetail> = {}): ChallengeDetail {
  return { ...summary(), description: 'A bakery website leaks secrets.', ...overrides };
}

export function step(overrides: Partial<ChallengeStepView> = {}): ChallengeStepView {
  return {
    order: 1,
    title: "Developer's note",
    question: 'Which staging hostname does the **HTML comment** reveal?',
    answer_format: '************.bakery.example.com',
    points: 10,
    solved: false,
    locked: false,
    hint_used: false,
    hint: null,
    hint_cost: 3,
    ...overrides,
  };
}

export function content(overrides: Partial<ChallengeContent> = {}): ChallengeContent {
  return {
    id: CHALLENGE_ID,
    title: 'Crumbs in the Source',
    story: '## The bakery\n\nHanna sent you **three files**. [Docs](https://example.com/view-source)',
    attachments: [
      { name: 'index.html', url: '/media/challenges/crumbs/index.html', size: 2048 },
      { name: 'robots.txt', url: '/media/challenges/crumbs/robots.txt', size: 120 },
    ],
    lab: null,
    steps: [
      step(),
      step({
        order: 2,
        title: 'Not for robots',
        question: 'Which disallowed path holds database exports?',
        answer_format: null,
        locked: true,
      }),
      step({
        order: 3,
        title: 'Hidden in plain sight',
        question: 'Decode the token.',
        answer_format: 'BASTION{*}',
        points: 20,
        hint_cost: 6,
        locked: true,
      }),
    ],
    ...overrides,
  };
}

export function progress(overrides: Partial<ChallengeProgress> = {}): ChallengeProgress {
  return {
    started_at: '2026-03-14T09:00:00Z',
    completed_at: '2026-03-14T09:26:00Z',
    status: 'completed',
    points_earned: 37,
    hints_used: 1,
    steps: [
      {
        order: 1,
        title: "Developer's note",
        solved: true,
        solved_at: '2026-03-14T09:05:00Z',
        points_awarded: 7,
        hint_used: true,
      },
      {
        order: 2,
        title: 'Not for robots',
        solved: true,
        solved_at: '2026-03-14T09:12:00Z',
        points_awarded: 10,
        hint_used: false,
      },
      {
        order: 3,
        title: 'Hidden in plain sight',
        solved: true,
        solved_at: '2026-03-14T09:26:00Z',
        points_awarded: 20,
        hint_used: false,
      },
    ],
    rank: 2,
    time_taken_seconds: 1560,
    ...overrides,
  };
}

export function leaderboard(overrides: Partial<ChallengeLeaderboard> = {}): ChallengeLeaderboard {
  return {
    results: [
      {
        rank: 1,
        username: 'grace',
        photo: null,
        country: 'US',
        points: 55,
        time_taken_seconds: 900,
        completed_at: '2026-03-13T10:15:00Z',
        first_blood: true,
      },
      {
        rank: 2,
        username: 'ada',
        photo: '/media/avatars/ada.webp',
        country: 'GB',
        points: 37,
        time_taken_seconds: 1560,
        completed_at: '2026-03-14T09:26:00Z',
        first_blood: false,
      },
    ],
    total_solves: 2,
    ...overrides,
  };
}

export function completion(overrides: Partial<CompletedChallenge> = {}): CompletedChallenge {
  return {
    id: COMPLETION_ID,
    user: { username: 'ada', full_name: 'Ada Lovelace', photo: '/media/avatars/ada.webp' },
    challenge: { id: CHALLENGE_ID, title: 'Crumbs in the Source', category: 'web', difficulty: 'easy', points: 55 },
    completed_at: '2026-03-14T09:26:00Z',
    points_earned: 37,
    time_taken_seconds: 1560,
    first_blood: false,
    ...overrides,
  };
}

/** The write-up of the fixture challenge, as the server gives it once completed. */
export function writeup(): ChallengeWriteup {
  return {
    id: CHALLENGE_ID,
    title: 'Crumbs in the Source',
    steps: [
      {
        order: 1,
        title: "Developer's note",
        question: 'Which staging hostname does the **HTML comment** reveal?',
        answer: 'staging-7f3a.bakery.example.com',
        reasoning: 'Developers leave notes in `<!-- comments -->`.',
        solution: "grep -o 'staging[^ ]*' index.html",
      },
      {
        order: 2,
        title: 'Disallowed',
        question: 'Which path does robots.txt hide?',
        answer: '/db-exports-q1/',
        reasoning: 'A `Disallow` line names what the site would rather not have indexed.',
        solution: null,
      },
    ],
  };
}

/** GET /api/challenges/categories/: the known categories, and any `more` an imported pack brought. */
export const categoriesHandler = (more: string[] = []) =>
  http.get('/api/challenges/categories/', () => HttpResponse.json([...CHALLENGE_CATEGORIES, ...more]));
