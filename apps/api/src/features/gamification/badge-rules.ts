import type { BadgeRuleKind } from '@bastion/contract';

/** What a learner has done, counted once for every badge rule (and the dashboard's counts). */
export interface LearnerCounters {
  points: number;
  /** The stored run as of the last award (the rule); shown progress uses the visible streak. */
  streak: number;
  lessonsCompleted: number;
  quizzesSolved: number;
  quizFirstTry: number;
  modulesCompleted: number;
  coursesCompleted: number;
  challengesCompleted: number;
  challengesWithoutHints: number;
  firstBloods: number;
  couponsRedeemed: number;
  badgesEarned: number;
}

/** The learner's value for a rule kind; the badge is earned when it reaches the rule's threshold. */
export function ruleValue(kind: BadgeRuleKind, counters: LearnerCounters): number {
  switch (kind) {
    case 'lessons_completed':
      return counters.lessonsCompleted;
    case 'modules_completed':
      return counters.modulesCompleted;
    case 'courses_completed':
      return counters.coursesCompleted;
    case 'challenges_completed':
      return counters.challengesCompleted;
    case 'points':
      return counters.points;
    case 'streak':
      return counters.streak;
    case 'challenge_without_hints':
      return counters.challengesWithoutHints;
    case 'first_blood':
      return counters.firstBloods;
    case 'quiz_first_try':
      return counters.quizFirstTry;
    case 'coupon_redeemed':
      return counters.couponsRedeemed;
    default:
      // A kind this code does not know (newer content) is never earned by accident.
      return Number.NEGATIVE_INFINITY;
  }
}

/** A rule without a usable threshold means "at least once". */
export function ruleTarget(threshold: number): number {
  return Number.isInteger(threshold) && threshold > 0 ? threshold : 1;
}

export function ruleHolds(badge: { ruleKind: BadgeRuleKind; ruleThreshold: number }, counters: LearnerCounters) {
  return ruleValue(badge.ruleKind, counters) >= ruleTarget(badge.ruleThreshold);
}

/** Progress shown for a badge not yet earned: never past the target, never negative. */
export function progressOf(
  badge: { ruleKind: BadgeRuleKind; ruleThreshold: number },
  counters: LearnerCounters,
  visibleStreak: number,
): { current: number; target: number } {
  const target = ruleTarget(badge.ruleThreshold);
  const value = badge.ruleKind === 'streak' ? visibleStreak : ruleValue(badge.ruleKind, counters);
  return { current: Math.max(0, Math.min(target, value)), target };
}
