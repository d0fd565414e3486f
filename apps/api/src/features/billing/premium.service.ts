import type { Db, Executor } from '@bastion/db';
import type { PREMIUM_SOURCES } from '@bastion/contract';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './billing.repository.ts';
import { hasPremium, premiumDay } from './premium.ts';

export type PremiumSource = (typeof PREMIUM_SOURCES)[number];

export const PREMIUM_NOTICES = {
  activatedTitle: 'Premium activated',
  extendedTitle: 'Premium extended',
  endedTitle: 'Premium ended',
  ended: 'Your premium access has ended.',
} as const;

const LINK = '/subscription';
const UNLOCKS = 'Premium courses, modules and challenges are open to you';

/**
 * Sets the learner's premium period (row already locked by the caller). The learner is told when
 * premium starts; with `announceExtension` also when a running period is extended.
 */
export async function applyPremium(
  tx: Executor,
  user: repo.PremiumRow,
  change: { until: Date | null; source: PremiumSource; announceExtension: boolean },
  now: Date,
): Promise<void> {
  const before = hasPremium(user, now);
  await repo.setPremium(tx, user.id, { isPremium: true, premiumUntil: change.until, premiumSource: change.source });
  if (before && !change.announceExtension) return;
  const until = change.until ? `until ${premiumDay(change.until)}` : 'with no end date';
  await notify(tx, {
    userId: user.id,
    title: before ? PREMIUM_NOTICES.extendedTitle : PREMIUM_NOTICES.activatedTitle,
    message: before
      ? `Your Premium access now runs ${until}.`
      : change.source === 'stripe'
        ? `Thank you for subscribing! ${UNLOCKS} ${until}; your plan renews every month until you cancel.`
        : `${UNLOCKS} ${until}.`,
    type: 'success',
    link: LINK,
    createdAt: now,
  });
}

/**
 * Ends premium now (row already locked by the caller). The learner is told once, when the flag goes
 * from set to cleared, whichever path clears it (operator, Stripe, or the expiry sweep).
 */
export async function endPremium(tx: Executor, user: repo.PremiumRow, now: Date): Promise<void> {
  await repo.setPremium(tx, user.id, { isPremium: false, premiumUntil: null, premiumSource: null });
  if (user.isPremium) await notifyEnded(tx, user.id, now);
}

function notifyEnded(tx: Executor, userId: string, now: Date): Promise<void> {
  return notify(tx, {
    userId,
    title: PREMIUM_NOTICES.endedTitle,
    message: PREMIUM_NOTICES.ended,
    type: 'info',
    link: LINK,
    createdAt: now,
  });
}

const SWEEP_BATCH = 100;

/**
 * The expiry sweep: clears the flag of learners whose period has ended and tells each of them, in
 * batches, each batch one transaction. Any number of instances may run it at once (SKIP LOCKED).
 * Reads never wait for it: `hasPremium` already treats a lapsed period as free.
 */
export async function expireLapsedPremium(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await db.transaction(async (tx) => {
      const ids = await repo.claimLapsedPremium(tx, now, SWEEP_BATCH);
      for (const id of ids) await notifyEnded(tx, id, now);
      return ids.length;
    });
    total += ended;
    if (ended < SWEEP_BATCH) return total;
  }
}

const DAY_MS = 86_400_000;

/**
 * Adds `days` of premium for an upgrade code: from the end of a running period, else from now. Premium without an
 * end date stays so. Returns the period's end (null: no end).
 */
export async function extendPremium(tx: Executor, userId: string, days: number, now: Date): Promise<Date | null> {
  const user = await repo.lockPremium(tx, userId);
  if (!user) return null;
  if (hasPremium(user, now) && user.premiumUntil === null) return null;
  const from = hasPremium(user, now) && user.premiumUntil ? user.premiumUntil.getTime() : now.getTime();
  const until = new Date(from + days * DAY_MS);
  await applyPremium(tx, user, { until, source: 'code', announceExtension: true }, now);
  return until;
}
