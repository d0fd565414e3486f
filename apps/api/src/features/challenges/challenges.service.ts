import {
  CHALLENGE_CATEGORIES,
  CHALLENGE_LEADERBOARD_SIZE,
  CHALLENGE_MESSAGES,
  type ChallengeAnswerResponse,
  type ChallengeContent,
  type ChallengeDetail,
  type ChallengeHintResponse,
  type ChallengeLeaderboard,
  type ChallengeListQuery,
  type ChallengeProgress,
  type ChallengeSummary,
  type ChallengeWriteup,
} from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Throttle } from '../../lib/throttle.ts';
import type { LabSecretsService } from '../integrity/lab-secrets.service.ts';
import { clearAnswers, countAnswer } from '../../lib/answer-throttle.ts';
import { learnerHasPremium } from '../billing/learner-premium.ts';
import { awardPoints, settleBadges } from '../gamification/points.service.ts';
import { avatarPath } from '../media/media.paths.ts';
import { notify } from '../notifications/notifications.service.ts';
import { violatedUniqueIndex } from '../accounts/users.repository.ts';
import { requireUuid } from '../../lib/ids.ts';
import {
  isCorrect,
  iso,
  isoOrNull,
  requireStepNumber,
  secondsBetween,
  secretItem,
  statusOf,
  stepPoints,
  WRONG,
} from './challenge-values.ts';
import type { AnswerLog } from '../submissions/answer-log.ts';
import { learnerLab } from './challenge-lab.ts';
import * as repo from './challenges.repository.ts';

export interface ChallengesServiceDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  labSecrets: LabSecretsService;
  answerLog: AnswerLog;
}

export function createChallengesService({ db, clock, throttle, labSecrets, answerLog }: ChallengesServiceDeps) {
  const isPremium = (executor: Executor, userId: string) => learnerHasPremium(executor, userId, clock.now());

  function toSummary(row: repo.ChallengeRow, premium: boolean): ChallengeSummary {
    const status = statusOf(row.attempt_id ? { completedAt: row.completed_at } : null);
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      category: row.category,
      difficulty: row.difficulty,
      points: Number(row.points),
      is_premium: row.access === 'premium',
      steps_count: Number(row.steps_count),
      solves: Number(row.solves),
      first_blood: row.first_blood,
      status,
      completion_id: status === 'completed' ? row.attempt_id : null,
      locked: row.access === 'premium' && !premium,
    };
  }

  /** A visible challenge with the learner's state; 404 when malformed, unknown or hidden. */
  async function findChallenge(executor: Executor, userId: string, challengeId: string) {
    requireUuid(challengeId);
    const premium = await isPremium(executor, userId);
    const [row] = await repo.listChallenges(executor, userId, { challengeId });
    if (!row) throw new NotFound();
    return { row, summary: toSummary(row, premium) };
  }

  /** As findChallenge, and 403 when it is premium and the learner is not. */
  async function openChallenge(executor: Executor, userId: string, challengeId: string) {
    const found = await findChallenge(executor, userId, challengeId);
    if (found.summary.locked) throw new Forbidden(CHALLENGE_MESSAGES.premiumRequired);
    return found;
  }

  async function list(userId: string, query: ChallengeListQuery): Promise<ChallengeSummary[]> {
    const premium = await isPremium(db, userId);
    const rows = await repo.listChallenges(db, userId, {
      category: query.category,
      difficulty: query.difficulty,
      status: query.status,
      access: query.access,
    });
    return rows.map((row) => toSummary(row, premium));
  }

  /** The known categories in their order, then those imported packs brought, alphabetically. */
  async function categories(): Promise<string[]> {
    const rank = (category: string) => {
      const known = (CHALLENGE_CATEGORIES as readonly string[]).indexOf(category);
      return known === -1 ? CHALLENGE_CATEGORIES.length : known;
    };
    return (await repo.listCategories(db)).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  }

  async function detail(userId: string, challengeId: string): Promise<ChallengeDetail> {
    const { row, summary } = await findChallenge(db, userId, challengeId);
    return { ...summary, description: row.description };
  }

  // Decision 0063: a locked step sends no question and no answer mask.
  async function content(userId: string, challengeId: string): Promise<ChallengeContent> {
    const { row, summary } = await openChallenge(db, userId, challengeId);
    const completed = summary.status === 'completed';
    const steps = await repo.listSteps(db, userId, row.id);
    return {
      id: row.id,
      title: row.title,
      story: row.description,
      attachments: row.attachments.map(({ name, url, size }) => ({ name, url, size })),
      lab: row.lab ? await learnerLab(labSecrets, userId, row, row.lab) : null,
      // Built field by field: a step row carries the answers, which must never leave the server.
      // A locked step sends neither question nor mask: a mask's length can give away the previous step's answer.
      steps: steps.map((step, index) => {
        const locked = index > 0 && steps[index - 1]!.solvedAt === null;
        return {
          order: step.position,
          title: step.title,
          question: locked ? null : step.question,
          answer_format: locked ? null : step.answerFormat,
          points: step.points,
          solved: step.solvedAt !== null,
          locked,
          hint_used: step.hintTakenAt !== null,
          hint: step.hintTakenAt !== null || completed ? step.hint : null,
          hint_cost: step.hintCost,
        };
      }),
    };
  }

  async function start(userId: string, challengeId: string): Promise<{ created: boolean; started_at: string }> {
    return db.transaction(async (tx) => {
      const { row } = await openChallenge(tx, userId, challengeId);
      const created = await repo.insertAttempt(tx, userId, row.id, clock.now());
      const attempt = await repo.findAttempt(tx, userId, row.id);
      return { created, started_at: iso(attempt!.startedAt) };
    });
  }

  /** Step `n` as the learner sees it, unlocked: 404 unknown, 403 premium, 400 not started. */
  async function findStep(executor: Executor, userId: string, challengeId: string, stepNumber: string) {
    const n = requireStepNumber(stepNumber);
    const { row } = await openChallenge(executor, userId, challengeId);
    const steps = await repo.listSteps(executor, userId, row.id);
    const index = steps.findIndex((step) => step.position === n);
    if (index < 0) throw new NotFound();
    return { challenge: row, steps, index, n };
  }

  /** The locked attempt and the steps read again under the lock (a parallel request may have solved or hinted). */
  async function lockStep(tx: Executor, userId: string, found: Awaited<ReturnType<typeof findStep>>) {
    const attempt = await repo.lockAttempt(tx, userId, found.challenge.id);
    if (!attempt) throw new BadRequest(CHALLENGE_MESSAGES.startFirst);
    const steps = await repo.listSteps(tx, userId, found.challenge.id);
    const step = steps[found.index]!;
    const previous = found.index > 0 ? steps[found.index - 1]! : null;
    return { ...found, attempt, steps, step, previous };
  }

  /** The locked attempt and step `n` for a hint: 404 unknown, 403 premium, 400 not started. */
  async function openStep(tx: Executor, userId: string, challengeId: string, stepNumber: string) {
    return lockStep(tx, userId, await findStep(tx, userId, challengeId, stepNumber));
  }

  // Decision 0060: the order of the checks (404, 403, 400), the throttle and the points of a challenge answer.
  async function answer(
    userId: string,
    challengeId: string,
    stepNumber: string,
    given: string,
    ip: string | null = null,
  ): Promise<ChallengeAnswerResponse> {
    const found = await findStep(db, userId, challengeId, stepNumber);
    const seen = found.steps[found.index]!;
    if (!(await repo.findAttempt(db, userId, found.challenge.id))) throw new BadRequest(CHALLENGE_MESSAGES.startFirst);
    if (seen.solvedAt) return { ...WRONG, correct: true, detail: CHALLENGE_MESSAGES.alreadySolved };
    const before = found.index > 0 ? found.steps[found.index - 1]! : null;
    if (before && !before.solvedAt) throw new BadRequest(CHALLENGE_MESSAGES.previousStepFirst);
    // Every attempt counts before it is judged (parallel guesses cannot slip past the limit), against the
    // step's growing budgets and the challenge's per-minute one; a correct answer clears them, so in effect
    // only wrong answers are limited. The throttle (a Redis round trip when configured) stays outside the
    // transaction and its row locks.
    const budgets = [
      { key: `challenge:${userId}:${found.challenge.id}`, tiers: ['ANSWER'] as const },
      { key: `step:${userId}:${seen.id}` },
    ];
    await countAnswer(throttle, budgets, CHALLENGE_MESSAGES.answerThrottled);
    const item = { ...secretItem(found.challenge), step: found.n };
    if (!isCorrect({ ...seen, answers: labSecrets.render(seen.answers, userId, item) }, given)) {
      await repo.countWrongAnswer(db, userId, seen.id);
      // Logged for the operator; another learner's flag is refused like any wrong answer, and reported too.
      await answerLog.wrong(userId, item, given, ip);
      return WRONG;
    }
    await clearAnswers(throttle, budgets);

    return db.transaction(async (tx) => {
      const { challenge, attempt, steps, step, n } = await lockStep(tx, userId, found);
      if (step.solvedAt) return { ...WRONG, correct: true, detail: CHALLENGE_MESSAGES.alreadySolved };
      const now = clock.now();
      const points = stepPoints(step);
      if (!(await repo.solveStep(tx, userId, step.id, points, now))) {
        return { ...WRONG, correct: true, detail: CHALLENGE_MESSAGES.alreadySolved };
      }
      if (challenge.lab) await labSecrets.weighSolve(tx, userId, item, now);
      await answerLog.solved(tx, userId, item, ip, now);
      const completed = steps.every((other) => other.id === step.id || other.solvedAt !== null);
      if (completed) {
        // Before the award, so the badge rules it runs see the completion and the first blood.
        await completeAttempt(tx, {
          attemptId: attempt.id,
          userId,
          challengeId: challenge.id,
          title: challenge.title,
          pointsEarned: steps.reduce(
            (sum, other) => sum + (other.id === step.id ? points : (other.pointsAwarded ?? 0)),
            0,
          ),
          hintsUsed: steps.filter((other) => other.hintTakenAt !== null).length,
          now,
        });
      }
      let awarded = 0;
      if (points > 0) {
        const award = await awardPoints(
          tx,
          {
            userId,
            points,
            reason: `Challenge: ${challenge.title}, step ${n}`,
            sourceType: 'challenge_step',
            sourceId: step.id,
          },
          now,
        );
        awarded = award.awarded ? points : 0;
      } else if (completed) {
        // No points to award (the hint cost them all), but the completion may still earn a badge.
        await settleBadges(tx, userId, now);
      }
      return {
        correct: true,
        detail: completed ? CHALLENGE_MESSAGES.completed : CHALLENGE_MESSAGES.correct,
        points_awarded: awarded,
        challenge_completed: completed,
        completion_id: completed ? attempt.id : null,
      };
    });
  }

  async function completeAttempt(
    tx: Executor,
    input: {
      attemptId: string;
      userId: string;
      challengeId: string;
      title: string;
      pointsEarned: number;
      hintsUsed: number;
      now: Date;
    },
  ): Promise<void> {
    const values = { completedAt: input.now, pointsEarned: input.pointsEarned, hintsUsed: input.hintsUsed };
    // Decision 0061: first blood is decided before awardPoints; the partial unique index settles a race: in a
    // savepoint, a parallel first solver that committed first makes the unique index refuse this one.
    let firstBlood = !(await repo.otherCompletionExists(tx, input.challengeId, input.attemptId));
    if (firstBlood) {
      try {
        await tx.transaction(async (savepoint) => {
          await repo.completeAttempt(savepoint, input.attemptId, { ...values, firstBlood: true });
        });
      } catch (error) {
        if (violatedUniqueIndex(error) !== 'challenge_attempts_first_blood_key') throw error;
        firstBlood = false;
      }
    }
    if (!firstBlood) await repo.completeAttempt(tx, input.attemptId, { ...values, firstBlood: false });
    await notify(tx, {
      userId: input.userId,
      title: 'Challenge completed',
      message: firstBlood
        ? `You completed "${input.title}" first (first blood) and earned ${input.pointsEarned} points.`
        : `You completed "${input.title}" and earned ${input.pointsEarned} points.`,
      type: 'success',
      link: `/completion/challenge/${input.attemptId}`,
    });
  }

  // Decision 0062: hints need the start and an unlocked step; the board has no shared places; active accounts only.
  async function hint(userId: string, challengeId: string, stepNumber: string): Promise<ChallengeHintResponse> {
    return db.transaction(async (tx) => {
      const { attempt, challenge, step, previous } = await openStep(tx, userId, challengeId, stepNumber);
      if (previous && !previous.solvedAt) throw new BadRequest(CHALLENGE_MESSAGES.previousStepFirst);
      let charged = step.hintTakenAt !== null;
      // A hint taken once the step is solved helps nothing and costs nothing, so it is not recorded.
      if (!step.solvedAt && !charged) {
        charged = await repo.takeHint(tx, userId, step.id, clock.now());
        if (charged) await repo.refreshHintsUsed(tx, attempt.id, userId, challenge.id);
      }
      return { detail: CHALLENGE_MESSAGES.hintFetched, hint: step.hint, hint_cost: charged ? step.hintCost : 0 };
    });
  }

  async function progress(userId: string, challengeId: string): Promise<ChallengeProgress> {
    const { row, summary } = await findChallenge(db, userId, challengeId);
    const attempt = await repo.findAttempt(db, userId, row.id);
    // Locked premium content stays closed, but a learner keeps seeing a run made while premium.
    if (summary.locked && !attempt) throw new Forbidden(CHALLENGE_MESSAGES.premiumRequired);
    const steps = await repo.listSteps(db, userId, row.id);
    const completedAt = attempt?.completedAt ?? null;
    return {
      started_at: attempt ? iso(attempt.startedAt) : null,
      completed_at: isoOrNull(completedAt),
      status: statusOf(attempt),
      points_earned: completedAt
        ? attempt!.pointsEarned
        : steps.reduce((sum, step) => sum + (step.pointsAwarded ?? 0), 0),
      hints_used: attempt?.hintsUsed ?? 0,
      steps: steps.map((step) => ({
        order: step.position,
        title: step.title,
        solved: step.solvedAt !== null,
        solved_at: isoOrNull(step.solvedAt),
        points_awarded: step.pointsAwarded ?? 0,
        hint_used: step.hintTakenAt !== null,
      })),
      rank: completedAt ? await repo.rankOf(db, row.id, attempt!.id) : null,
      time_taken_seconds: completedAt ? secondsBetween(attempt!.startedAt, completedAt) : null,
    };
  }

  /**
   * The write-up: each step's accepted answer, its reasoning and the commands that find it. Only a learner who
   * completed the challenge reads it (a run made while premium stays readable), so it never gives a step away
   * (decision 0065).
   */
  async function writeup(userId: string, challengeId: string): Promise<ChallengeWriteup> {
    const { row, summary } = await findChallenge(db, userId, challengeId);
    if (summary.status !== 'completed') throw new Forbidden(CHALLENGE_MESSAGES.writeupLocked);
    const steps = await repo.listSteps(db, userId, row.id);
    const item = secretItem(row);
    return {
      id: row.id,
      title: row.title,
      steps: steps.map((step) => ({
        order: step.position,
        title: step.title,
        question: step.question,
        answer: labSecrets.render(step.answers[0] ?? null, userId, item),
        reasoning: step.hint,
        solution: labSecrets.render(step.solution, userId, item),
      })),
    };
  }

  async function leaderboard(userId: string, challengeId: string): Promise<ChallengeLeaderboard> {
    const { row } = await findChallenge(db, userId, challengeId);
    const [rows, total] = await Promise.all([
      repo.leaderboard(db, row.id, CHALLENGE_LEADERBOARD_SIZE),
      repo.countSolves(db, row.id),
    ]);
    return {
      // A solver whose public profile is off is shown anonymously, but to themselves (decision 0194).
      results: rows.map((entry, index) => ({
        rank: index + 1,
        username: entry.profile_public || entry.user_id === userId ? entry.username : null,
        photo: entry.profile_public || entry.user_id === userId ? avatarPath(entry.photo_id) : null,
        country: entry.country,
        points: Number(entry.points),
        time_taken_seconds: secondsBetween(entry.started_at, entry.completed_at),
        completed_at: iso(entry.completed_at),
        first_blood: entry.first_blood,
      })),
      total_solves: total,
    };
  }

  return { list, categories, detail, content, start, answer, hint, progress, writeup, leaderboard };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
