import type { ChallengeAnswerResponse, ChallengeContent, ChallengeDetail } from '@bastion/contract';
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import { http, HttpResponse } from 'msw';
import { server } from '@test/server.ts';
import { stepNumber } from '@/features/challenges/lib/step-number.ts';
import { CHALLENGE_ID, COMPLETION_ID, content, detail, progress, writeup } from './fixtures.ts';

const ANSWERS: Record<number, string> = { 1: 'staging-7f3a.bakery.example.com', 2: '/db-exports-q1/', 3: 'BASTION{x}' };

export interface Requests {
  starts: number;
  answers: { path: string; answer: string }[];
  hints: string[];
  writeups: number;
}

/** As the API sends it: a locked step without its question and mask. */
const served = (content: ChallengeContent): ChallengeContent => ({
  ...content,
  steps: content.steps.map((step) => (step.locked ? { ...step, question: null, answer_format: null } : step)),
});

/**
 * A small stand-in for the challenge API (R15): start, answer steps in order (wrong answers are 200
 * with `correct: false`), take hints. Handlers added later with server.use() win over these.
 */
export function serveChallenge(initial: { detail?: ChallengeDetail; content?: ChallengeContent } = {}) {
  const state = { detail: initial.detail ?? detail(), content: initial.content ?? content() };
  const requests: Requests = { starts: 0, answers: [], hints: [], writeups: 0 };
  const base = `/api/challenges/${CHALLENGE_ID}`;

  server.use(
    http.get(`${base}/`, () => HttpResponse.json(state.detail)),
    http.get(`${base}/view-content/`, () => HttpResponse.json(served(state.content))),
    http.get(`${base}/progress/`, () => HttpResponse.json(progress())),
    http.get(`${base}/writeup/`, () => {
      requests.writeups += 1;
      if (state.detail.status !== 'completed')
        return HttpResponse.json({ detail: CHALLENGE_MESSAGES.writeupLocked }, { status: 403 });
      return HttpResponse.json(writeup());
    }),
    http.post(`${base}/start/`, () => {
      requests.starts += 1;
      const created = state.detail.status === 'not_started';
      if (created) state.detail = { ...state.detail, status: 'in_progress' };
      return HttpResponse.json({ started_at: '2026-03-14T09:00:00Z' }, { status: created ? 201 : 200 });
    }),
    http.post(`${base}/step/:n/`, async ({ request, params }) => {
      const { answer } = (await request.json()) as { answer: string };
      requests.answers.push({ path: new URL(request.url).pathname, answer });
      const n = Number(params.n);
      if (answer !== ANSWERS[n]) {
        const wrong: ChallengeAnswerResponse = {
          correct: false,
          detail: CHALLENGE_MESSAGES.incorrect,
          points_awarded: 0,
          challenge_completed: false,
          completion_id: null,
        };
        return HttpResponse.json(wrong);
      }
      const steps = state.content.steps.map((step, index, all) => ({
        ...step,
        solved: step.solved || stepNumber(step.order) === n,
        locked: index > 0 && !(all[index - 1]!.solved || stepNumber(all[index - 1]!.order) === n),
      }));
      state.content = { ...state.content, steps };
      const completed = steps.every((step) => step.solved);
      if (completed) state.detail = { ...state.detail, status: 'completed', completion_id: COMPLETION_ID };
      const solved = steps.find((step) => stepNumber(step.order) === n)!;
      const right: ChallengeAnswerResponse = {
        correct: true,
        detail: completed ? CHALLENGE_MESSAGES.completed : CHALLENGE_MESSAGES.correct,
        points_awarded: solved.points - (solved.hint_used ? solved.hint_cost : 0),
        challenge_completed: completed,
        completion_id: completed ? COMPLETION_ID : null,
      };
      return HttpResponse.json(right);
    }),
    http.post(`${base}/step/:n/hint/`, ({ request, params }) => {
      requests.hints.push(new URL(request.url).pathname);
      const n = Number(params.n);
      const hint = `Hint for step ${n}: look at the \`<!-- comments -->\`.`;
      state.content = {
        ...state.content,
        steps: state.content.steps.map((step) =>
          stepNumber(step.order) === n ? { ...step, hint_used: true, hint } : step,
        ),
      };
      const cost = state.content.steps.find((step) => stepNumber(step.order) === n)?.hint_cost ?? 0;
      return HttpResponse.json({ detail: CHALLENGE_MESSAGES.hintFetched, hint, hint_cost: cost });
    }),
  );
  return { state, requests, answers: ANSWERS };
}
