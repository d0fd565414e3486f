import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../src/app.ts';
import type { CreatedChallenge } from './challenge-fixtures.ts';
import { call, type Learner } from './learning-api.ts';

export { call, learner, ledgerOf, notificationsOf, pointsOf, NOT_A_UUID, UNKNOWN_ID } from './learning-api.ts';
export type { Learner } from './learning-api.ts';

export const start = (app: App, who: Learner | null, id: string) =>
  call(app, who, 'POST', `/api/challenges/${id}/start/`);
export const answer = (app: App, who: Learner | null, id: string, n: number | string, given: unknown) =>
  call(app, who, 'POST', `/api/challenges/${id}/step/${n}/`, { answer: given });
export const hint = (app: App, who: Learner | null, id: string, n: number | string) =>
  call(app, who, 'POST', `/api/challenges/${id}/step/${n}/hint/`);
export const get = (app: App, who: Learner | null, url: string) => call(app, who, 'GET', url);

/** Starts the challenge and answers every step correctly, in order. */
export async function solveAll(app: App, who: Learner, challenge: CreatedChallenge): Promise<LightMyRequestResponse> {
  expect((await start(app, who, challenge.id)).statusCode).toBeLessThan(300);
  let last: LightMyRequestResponse | undefined;
  for (const step of challenge.steps) {
    last = await answer(app, who, challenge.id, step.order, step.answers[0]);
    expect(last.json()).toMatchObject({ correct: true });
  }
  return last!;
}

/**
 * Asserts a response body holds none of the challenge's answers and none of the hints not in `shownHints`
 * (step orders whose hint may appear).
 */
export function expectNoSecrets(
  res: LightMyRequestResponse,
  challenge: CreatedChallenge,
  shownHints: number[] = [],
): void {
  const text = res.body;
  for (const step of challenge.steps) {
    for (const accepted of step.answers) expect(text).not.toContain(accepted);
    if (!shownHints.includes(step.order)) expect(text).not.toContain(step.hint);
  }
}
