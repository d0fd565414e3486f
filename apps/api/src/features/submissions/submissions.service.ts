import {
  isUuid,
  SUBMISSIONS_MESSAGES,
  type SubmissionFilterQuery,
  type Submission,
  type SubmissionsPage,
  type SubmissionsQuery,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { ValidationFailed } from '../../lib/errors.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { auditFilterOf } from '../audit/audit.service.ts';
import * as repo from './submissions.repository.ts';

/**
 * The page's filters as the repository reads them. A learner or an item named by an id that names nothing, or an
 * end date before the start, is a field error: an empty list would hide the mistake.
 */
export async function submissionFilterOf(db: Db, query: SubmissionFilterQuery): Promise<repo.SubmissionFilter> {
  const { from, to } = auditFilterOf(query);
  const errors: Record<string, string[]> = {};
  if (from && to && to <= from) errors.to = [SUBMISSIONS_MESSAGES.toBeforeFrom];
  const learnerId = query.learner && isUuid(query.learner) ? query.learner.toLowerCase() : undefined;
  const itemId = query.item && isUuid(query.item) ? query.item.toLowerCase() : undefined;
  if (learnerId && !(await repo.accountExists(db, learnerId))) errors.learner = [SUBMISSIONS_MESSAGES.unknownLearner];
  if (itemId && !(await repo.itemExists(db, itemId))) errors.item = [SUBMISSIONS_MESSAGES.unknownItem];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return {
    learnerId,
    username: learnerId ? undefined : query.learner,
    itemId,
    itemTitle: itemId ? undefined : query.item,
    correct: query.result === undefined ? undefined : query.result === 'right',
    fingerprint: query.fingerprint,
    from,
    to,
  };
}

export function toSubmission(row: repo.SubmissionRow): Submission {
  return {
    id: row.id,
    at: row.at.toISOString(),
    learner: { id: row.userId, username: row.username },
    item: { type: row.itemType as Submission['item']['type'], id: row.itemId, title: row.itemTitle, step: row.step },
    correct: row.correct,
    fingerprint: row.fingerprint,
    same_answer_learners: row.sameAnswerLearners,
    ip: row.ip,
    shared_from:
      row.sharedOwnerId && row.sharedOwnerUsername
        ? { id: row.sharedOwnerId, username: row.sharedOwnerUsername }
        : null,
    quick_solve: row.quickSolveId
      ? { lab_opened_at: row.labOpenedAt?.toISOString() ?? null, learner_quick_solves: row.learnerQuickSolves }
      : null,
  };
}

export async function listSubmissions(db: Db, query: SubmissionsQuery, url: string): Promise<SubmissionsPage> {
  const filter = await submissionFilterOf(db, query);
  const [rows, total, since] = await Promise.all([
    repo.listSubmissions(db, filter, pageWindow(query)),
    repo.countSubmissions(db, filter),
    repo.recordedSince(db),
  ]);
  return { ...pagedResponse(rows.map(toSubmission), total, query, url), recorded_since: since?.toISOString() ?? null };
}
