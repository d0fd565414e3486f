import {
  CHALLENGE_MESSAGES,
  STEP_NUMBER_PATTERN,
  type ChallengeAnswerResponse,
  type ChallengeStatus,
} from '@bastion/contract';
import { matchesAnswerPattern } from '@bastion/content';
import { NotFound } from '../../lib/errors.ts';
import type { SecretItem } from '../integrity/lab-secrets.service.ts';
import { answerMatches } from '../../lib/answer-check.ts';
import type { ChallengeRow, StepRow } from './challenges.repository.ts';

export function requireStepNumber(value: string): number {
  if (!STEP_NUMBER_PATTERN.test(value)) throw new NotFound();
  return Number(value);
}

export const iso = (value: Date) => value.toISOString();
export const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());
export const secondsBetween = (start: Date, end: Date) =>
  Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000));

export function statusOf(attempt: { completedAt: Date | null } | undefined | null): ChallengeStatus {
  if (!attempt) return 'not_started';
  return attempt.completedAt ? 'completed' : 'in_progress';
}

/** A step's answer against its accepted answers and, for an imported CTFd flag, its patterns. */
export function isCorrect(step: Pick<StepRow, 'answers' | 'caseSensitive' | 'answerPatterns'>, given: string): boolean {
  const normalized = given.normalize('NFC');
  const plain = answerMatches(normalized, step.answers, step.caseSensitive);
  let patterned = false;
  for (const pattern of step.answerPatterns) patterned = matchesAnswerPattern(pattern, normalized) || patterned;
  return plain || patterned;
}

/** A challenge as a holder of lab secrets (none without a lab that declares some). */
export const secretItem = (row: ChallengeRow): SecretItem => ({
  type: 'challenge',
  id: row.id,
  title: row.title,
  secrets: row.lab?.secrets ?? {},
});

/** Points a solve earns: the step's points less the hint's cost when it was taken first, never below 0. */
export const stepPoints = (step: StepRow) => Math.max(0, step.points - (step.hintTakenAt ? step.hintCost : 0));

/** A wrong answer's response: nothing earned. */
export const WRONG: ChallengeAnswerResponse = {
  correct: false,
  detail: CHALLENGE_MESSAGES.incorrect,
  points_awarded: 0,
  challenge_completed: false,
  completion_id: null,
};
