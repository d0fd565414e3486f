// Decision 0064: an attachment needs a learner who may open its challenge.
import { CHALLENGE_MESSAGES } from '@bastion/contract';
import type { Db } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { learnerHasPremium } from '../billing/learner-premium.ts';
import * as repo from './challenges.repository.ts';

/**
 * Who may download a challenge attachment: whoever may open one of the visible challenges that lists
 * it (view-content's rule). The same bytes may be attached to several challenges, so one free listing
 * is enough; an attachment listed only by premium challenges needs premium.
 */
export function createChallengeAttachmentsService({ db, clock }: { db: Db; clock: Clock }) {
  /** 404 when no visible challenge lists `url`, 403 when only premium ones do and the learner is not premium. */
  async function requireAccess(userId: string, url: string): Promise<void> {
    const access = await repo.attachmentAccess(db, url);
    if (access.length === 0) throw new NotFound();
    if (access.includes('free')) return;
    if (!(await learnerHasPremium(db, userId, clock.now()))) throw new Forbidden(CHALLENGE_MESSAGES.premiumRequired);
  }

  return { requireAccess };
}
