// Decision 0072: reward code redemption; decision 0073: upgrade codes give premium days.
import {
  COUPON_MESSAGES,
  type CouponHistoryItem,
  type CouponRedeemResponse,
  type Paged,
  type PageQuery,
} from '@bastion/contract';
import type { Db, Executor } from '@bastion/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError, NotFound } from '../../lib/errors.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { recordAuditIn } from '../audit/audit.service.ts';
import { hasPremium } from '../billing/premium.ts';
import { extendPremium } from '../billing/premium.service.ts';
import { awardPoints, settleBadges } from '../gamification/points.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './coupons.repository.ts';

/**
 * What a code in the URL may look like before any lookup: anything else is as unknown as a missing code
 * (404), so odd input never reaches the database. Stored codes are narrower (COUPON_CODE_PATTERN).
 */
const CODE_IN_PATH = /^[A-Za-z0-9_-]{1,64}$/;

/** A redemption refusal in the contract's coupon shape (`error`, not `detail`). */
class CouponRefused extends AppError {
  constructor(status: 400 | 403, body: { error: string } & Record<string, unknown>) {
    super(status, body);
  }
}

const alreadyUsed = () => new CouponRefused(400, { error: COUPON_MESSAGES.alreadyUsed });
const denied = (message: string) => new CouponRefused(403, { error: COUPON_MESSAGES.permissionDenied, message });

export interface CouponsServiceDeps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
}

export function createCouponsService({ db, clock, throttle }: CouponsServiceDeps) {
  /**
   * Redeems a reward code for the learner. Every attempt counts against COUPON before anything is
   * looked up, so codes cannot be guessed quickly. The coupon's row lock makes redemptions of one code
   * take turns, so its total uses and the once-per-learner rule hold under any parallelism. A redemption is
   * written to the audit log with it, from the learner's address.
   */
  async function redeem(userId: string, rawCode: string, ip: string): Promise<CouponRedeemResponse> {
    await throttle.hit('COUPON', userId, COUPON_MESSAGES.throttled);
    if (!CODE_IN_PATH.test(rawCode)) throw new NotFound();
    const code = rawCode.toUpperCase();

    return db.transaction(async (tx) => {
      const now = clock.now();
      const coupon = await repo.lockCouponByCode(tx, code);
      if (!coupon || coupon.disabledAt) throw new NotFound();
      // The first obstacle the learner cannot remove is reported first.
      if (await repo.hasRedeemed(tx, coupon.id, userId)) throw alreadyUsed();
      if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) {
        throw new CouponRefused(400, { error: COUPON_MESSAGES.expired });
      }
      if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) throw alreadyUsed();
      const learner = await repo.learnerState(tx, userId);
      if (!learner) throw new NotFound();
      if (coupon.allowedUserIds && !coupon.allowedUserIds.includes(userId)) throw denied(COUPON_MESSAGES.notForYou);
      if (coupon.premiumOnly && !hasPremium(learner, now)) throw denied(COUPON_MESSAGES.premiumOnly);
      if (learner.points < coupon.requiredPoints) {
        throw new CouponRefused(400, {
          error: COUPON_MESSAGES.notEnoughPoints,
          required_points: coupon.requiredPoints,
          your_points: learner.points,
        });
      }

      if (!(await repo.insertRedemption(tx, { couponId: coupon.id, userId, points: coupon.points, redeemedAt: now }))) {
        throw alreadyUsed();
      }
      await repo.incrementUses(tx, coupon.id);
      const awarded = coupon.points > 0 && (await awardCouponPoints(tx, userId, coupon, now));
      if (coupon.points === 0) await settleBadges(tx, userId, now);
      // An upgrade code's premium days are announced by the premium notification instead.
      const premiumUntil =
        coupon.premiumDays > 0 ? await extendPremium(tx, userId, coupon.premiumDays, now) : undefined;
      const after = await repo.learnerState(tx, userId);
      await recordAuditIn(
        tx,
        { id: userId, name: learner.username, via: 'learner', ip },
        {
          action: 'coupon.redeem',
          target: { type: 'coupon', id: coupon.id, label: coupon.code },
          after: {
            points: awarded ? coupon.points : 0,
            ...(coupon.premiumDays > 0 && { premium_days: coupon.premiumDays }),
          },
        },
        now,
      );
      return {
        detail: COUPON_MESSAGES.redeemed,
        points_awarded: awarded ? coupon.points : 0,
        total_points: after?.points ?? learner.points,
        ...(coupon.premiumDays > 0 && {
          premium_days: coupon.premiumDays,
          premium_until: premiumUntil?.toISOString() ?? null,
        }),
      };
    });
  }

  async function awardCouponPoints(tx: Executor, userId: string, coupon: repo.CouponRow, now: Date): Promise<boolean> {
    const outcome = await awardPoints(
      tx,
      {
        userId,
        points: coupon.points,
        reason: `Reward code ${coupon.code}`,
        sourceType: 'coupon',
        sourceId: coupon.id,
      },
      now,
    );
    await notify(tx, {
      userId,
      title: 'Reward code redeemed',
      message: `You redeemed the code ${coupon.code} and earned ${coupon.points} points.`,
      type: 'success',
      link: '/dashboard',
      createdAt: now,
    });
    return outcome.awarded;
  }

  async function history(userId: string, query: PageQuery, url: string): Promise<Paged<CouponHistoryItem>> {
    const [rows, total] = await Promise.all([
      repo.listRedemptions(db, userId, pageWindow(query)),
      repo.countRedemptions(db, userId),
    ]);
    const results = rows.map((row) => ({
      code: row.code,
      points: row.points,
      redeemed_at: row.redeemedAt.toISOString(),
      ...(row.premiumDays > 0 && { premium_days: row.premiumDays }),
    }));
    return pagedResponse(results, total, query, url);
  }

  return { redeem, history };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
