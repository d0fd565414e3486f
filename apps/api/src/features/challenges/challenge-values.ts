import { STEP_NUMBER_PATTERN, type ChallengeStatus } from '@bastion/contract';
import { NotFound } from '../../lib/errors.ts';

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
