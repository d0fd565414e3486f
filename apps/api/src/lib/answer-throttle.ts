// Decision 0196: wrong answers wait longer the more there are (minute, hour and day budgets).
import { Throttled } from './errors.ts';
import type { Throttle, ThrottleName } from './throttle.ts';

/**
 * Answers are limited in tiers, so a guess costs more the more were wrong: 10 in a minute, then 20 in an hour,
 * then 50 in a day, per learner and item. A throttled attempt is not judged and does not count.
 */
const ANSWER_TIERS: readonly ThrottleName[] = ['ANSWER', 'ANSWER_HOUR', 'ANSWER_DAY'];

/** One budget an answer counts against: every tier for `key`, or only `tiers` of them. */
export interface AnswerBudget {
  key: string;
  tiers?: readonly ThrottleName[];
}

const pairs = (budgets: readonly AnswerBudget[]) =>
  budgets.flatMap(({ key, tiers = ANSWER_TIERS }) => tiers.map((name) => ({ name, key })));

/** The longest wait among the throttles `attempt` throws for, or null when none does. */
async function longestWait(
  entries: readonly { name: ThrottleName; key: string }[],
  attempt: (name: ThrottleName, key: string) => Promise<unknown>,
): Promise<Throttled | null> {
  let longest: Throttled | null = null;
  for (const { name, key } of entries) {
    try {
      await attempt(name, key);
    } catch (error) {
      if (!(error instanceof Throttled)) throw error;
      if (!longest || Number(error.headers['retry-after']) > Number(longest.headers['retry-after'])) longest = error;
    }
  }
  return longest;
}

/**
 * Counts an attempt against every budget before it is judged (parallel guesses cannot slip past a limit);
 * throws Throttled with the longest wait when any budget is spent.
 */
export async function countAnswer(throttle: Throttle, budgets: readonly AnswerBudget[], detail: string): Promise<void> {
  const entries = pairs(budgets);
  const waiting = await longestWait(entries, (name, key) => throttle.check(name, key, detail));
  if (waiting) throw waiting;
  const spent = await longestWait(entries, (name, key) => throttle.hit(name, key, detail));
  if (spent) throw spent;
}

/** A right answer clears the budgets: only wrong answers are limited. */
export async function clearAnswers(throttle: Throttle, budgets: readonly AnswerBudget[]): Promise<void> {
  for (const { name, key } of pairs(budgets)) await throttle.reset(name, key);
}
