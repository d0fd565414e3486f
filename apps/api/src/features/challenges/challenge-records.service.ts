import type { ChallengeHistoryItem, CompletedChallenge, Paged, PageQuery } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { NotFound } from '../../lib/errors.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { profileIsPublic, shownLearner } from '../profiles/anonymous-learner.ts';
import { requireUuid } from '../../lib/ids.ts';
import { iso, isoOrNull, secondsBetween, statusOf } from './challenge-values.ts';
import * as repo from './challenges.repository.ts';

type ChallengeColumns = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findCompletion>>>,
  'challengeId' | 'challengeTitle' | 'category' | 'difficulty' | 'challengePoints'
>;

/** The challenge a record is about, as both records name it. */
function challengeSummary(row: ChallengeColumns) {
  return {
    id: row.challengeId,
    title: row.challengeTitle,
    category: row.category,
    difficulty: row.difficulty,
    points: row.challengePoints,
  };
}

/** A learner's challenge history and the public record of a completed run. */
export function createChallengeRecordsService({ db }: { db: Db }) {
  async function history(userId: string, query: PageQuery, url: string): Promise<Paged<ChallengeHistoryItem>> {
    const [rows, total] = await Promise.all([
      repo.listHistory(db, userId, pageWindow(query)),
      repo.countHistory(db, userId),
    ]);
    const results = rows.map((row) => ({
      id: row.id,
      challenge: challengeSummary(row),
      status: statusOf(row),
      started_at: iso(row.startedAt),
      completed_at: isoOrNull(row.completedAt),
      points_earned: row.pointsEarned,
      hints_used: row.hintsUsed,
      first_blood: row.firstBlood,
      time_taken_seconds: row.completedAt ? secondsBetween(row.startedAt, row.completedAt) : null,
    }));
    return pagedResponse(results, total, query, url);
  }

  async function completion(attemptId: string): Promise<CompletedChallenge> {
    requireUuid(attemptId);
    const row = await repo.findCompletion(db, attemptId);
    if (!row || !row.completedAt) throw new NotFound();
    return {
      id: row.id,
      // Public by its id: a learner whose public profile is off is not named (decision 0194).
      user: shownLearner(row, profileIsPublic(row.publicProfile)),
      challenge: challengeSummary(row),
      completed_at: iso(row.completedAt),
      points_earned: row.pointsEarned,
      time_taken_seconds: secondsBetween(row.startedAt, row.completedAt),
      first_blood: row.firstBlood,
    };
  }

  return { history, completion };
}
