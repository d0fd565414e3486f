import {
  SCOREBOARD_MESSAGES,
  type PointsAdjustmentResult,
  type ScoreboardStateBody,
  type ScoreboardStatus,
  type SolveKind,
  type SolveRemovalResult,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { BadRequest, Conflict } from '../../lib/errors.ts';
import { existingUser } from '../accounts/users.service.ts';
import { audited, type Actor } from '../audit/audit.service.ts';
import { addUserPoints, recordScore } from '../gamification/points.repository.ts';
import { PointsTotalFull, settleBadges } from '../gamification/points.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { awardPeriodKeys } from '../../lib/leaderboard-periods.ts';
import * as corrections from './score-corrections.ts';
import { readStatus, writeStatus } from './scoreboard-state.ts';

const userTarget = (user: { id: string; username: string }) => ({ type: 'user', id: user.id, label: user.username });

/**
 * What an operator does to the scoreboard: each change and its audit row commit together, and a learner
 * whose points change is told why in a notification.
 */
export const scoreboardActions = {
  /** Freezes, hides or shows the leaderboard, until `until` or until changed again. */
  setState: (db: Db, actor: Actor, body: ScoreboardStateBody, now: Date): Promise<ScoreboardStatus> =>
    audited(
      db,
      actor,
      async (tx) => {
        const until = body.mode === 'live' || !body.until ? null : new Date(body.until);
        if (until && until <= now) throw new BadRequest(SCOREBOARD_MESSAGES.endsInPast);
        const before = await readStatus(tx, now);
        const after = await writeStatus(tx, { mode: body.mode, until, by: actor.id }, now);
        return {
          result: after,
          audit: {
            action: 'scoreboard.set_state',
            target: { type: 'scoreboard', label: 'Leaderboard' },
            before,
            after,
          },
        };
      },
      now,
    ),

  /**
   * Awards (points > 0) or deducts (points < 0) points with a reason: a row in the learner's points history,
   * their total, and their leaderboard totals of this month and week (as an award counts where it happens).
   * A deduction never takes more than the learner's total, nor a period's total below zero.
   */
  adjustPoints: (
    db: Db,
    actor: Actor,
    input: { username: string; points: number; reason: string },
    now: Date,
  ): Promise<PointsAdjustmentResult> =>
    audited(
      db,
      actor,
      async (tx) => {
        const user = await existingUser(tx, input.username);
        const before = await corrections.lockedTotal(tx, user.id);
        if (input.points < 0 && before < -input.points) throw new Conflict(SCOREBOARD_MESSAGES.tooFew(before));
        const award = input.points > 0;
        const wording = award ? 'Awarded by an operator' : 'Deducted by an operator';
        const reason = `${wording}: ${input.reason}`;
        await corrections.insertAdjustment(tx, { userId: user.id, points: input.points, reason }, now);
        if (award) {
          if (!(await addUserPoints(tx, user.id, input.points))) throw new PointsTotalFull();
          await recordScore(tx, user.id, input.points, now);
        } else {
          await corrections.lowerTotal(tx, user.id, -input.points);
          await corrections.lowerScores(tx, user.id, periodAmountsNow(-input.points, now));
        }
        const amount = Math.abs(input.points);
        await notify(tx, {
          userId: user.id,
          title: award ? 'Points awarded' : 'Points deducted',
          message: `${award ? 'An operator awarded you' : 'An operator deducted'} ${amount} point${amount === 1 ? '' : 's'}: ${input.reason}`,
          type: award ? 'success' : 'warning',
          link: '/dashboard',
          createdAt: now,
        });
        // Points can earn a points badge, as any award can.
        if (award) await settleBadges(tx, user.id, now);
        const after = await corrections.lockedTotal(tx, user.id);
        return {
          result: { username: user.username, points: input.points, total_before: before, total_after: after },
          audit: {
            action: 'scoreboard.adjust_points',
            target: userTarget(user),
            before: { points: before },
            after: { points: after, change: input.points, reason: input.reason },
          },
        };
      },
      now,
    ),

  /** Removes the learner's solves of a challenge or a quiz and the points they earned, telling the learner why. */
  removeSolves: (
    db: Db,
    actor: Actor,
    input: { username: string; kind: SolveKind; id: string; reason: string },
    now: Date,
  ): Promise<SolveRemovalResult> =>
    audited(
      db,
      actor,
      async (tx) => {
        const user = await existingUser(tx, input.username);
        const before = await corrections.lockedTotal(tx, user.id);
        const removed = await corrections.undoSolves(tx, user.id, input.kind, input.id);
        if (!removed) throw new BadRequest(SCOREBOARD_MESSAGES.noSolves);
        const points = await reverse(tx, user.id, input, removed, before, now);
        const after = before - points;
        await notify(tx, {
          userId: user.id,
          title: 'Solve removed',
          message: `An operator removed your solve of "${removed.title}" and the ${points} point${points === 1 ? '' : 's'} it earned: ${input.reason}`,
          type: 'warning',
          link: removed.link,
          createdAt: now,
        });
        return {
          result: { username: user.username, title: removed.title, points_removed: points, total_after: after },
          audit: {
            action: 'scoreboard.remove_solves',
            target: userTarget(user),
            before: { points: before, [input.kind]: removed.title, item_id: input.id },
            after: { points: after, points_removed: points, reason: input.reason },
          },
        };
      },
      now,
    ),
};

/**
 * Takes back what an item's solves were awarded, as one row of the points history (never below a total of zero),
 * and off the periods where it was earned. An item is awarded once per learner, so it is reversed once: a solve
 * removed again (after solving it again, which earned nothing) takes nothing more. Answers the points taken.
 */
async function reverse(
  tx: Db,
  userId: string,
  input: { kind: SolveKind; id: string; reason: string },
  removed: corrections.RemovedSolve,
  total: number,
  now: Date,
): Promise<number> {
  const points = Math.min(
    removed.awards.reduce((sum, award) => sum + award.points, 0),
    total,
  );
  if (points <= 0) return 0;
  const row = await corrections.insertAdjustment(
    tx,
    {
      userId,
      points: -points,
      reason: `Solve removed: ${removed.title}: ${input.reason}`,
      sourceId: `removed:${input.kind}:${input.id}`,
    },
    now,
  );
  if (!row) return 0;
  await corrections.lowerTotal(tx, userId, points);
  await corrections.lowerScores(tx, userId, corrections.periodAmounts(removed.awards));
  return points;
}

/** A deduction made now counts where an award made now would: all time, this month, this week. */
function periodAmountsNow(points: number, now: Date): Map<string, number> {
  return new Map(awardPeriodKeys(now).map((key) => [key, points]));
}
