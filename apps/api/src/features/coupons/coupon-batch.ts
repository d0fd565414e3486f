import { randomInt } from 'node:crypto';
import {
  COUPON_BATCH_RANDOM_LENGTH,
  type CouponBatch,
  type CouponSummary,
  type CreateCouponBatchBody,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { Conflict } from '../../lib/errors.ts';
import { audited, type Actor } from '../audit/audit.service.ts';
import { createCoupon } from './coupons.operator.ts';

/** Letters and digits a learner copies from paper without doubt: no 0/O, 1/I. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A new code that meets an existing one (one in 32^10) is drawn again, a few times at most. */
const DRAWS = 5;

function drawCode(prefix: string): string {
  let random = '';
  for (let index = 0; index < COUPON_BATCH_RANDOM_LENGTH; index += 1) random += ALPHABET[randomInt(ALPHABET.length)];
  return prefix ? `${prefix}-${random}` : random;
}

/**
 * `count` single-use codes with the same rules, in one transaction with one audit record (`coupon.create_batch`:
 * the rules, the count and every code). The first code's check of the rules (as `coupon create`) refuses a bad
 * batch before anything is kept.
 */
export function createCouponBatch(db: Db, actor: Actor, input: CreateCouponBatchBody, now: Date): Promise<CouponBatch> {
  const prefix = input.prefix ?? '';
  const rules = {
    points: input.points ?? 0,
    premiumDays: input.premium_days ?? undefined,
    requiredPoints: input.required_points,
    expires: input.expires || undefined,
    premiumOnly: input.premium_only,
    maxUses: 1,
  };
  return audited(
    db,
    actor,
    async (tx) => {
      const codes: CouponSummary[] = [];
      while (codes.length < input.count) {
        for (let draw = 1; ; draw += 1) {
          try {
            codes.push(await createCoupon(tx, { ...rules, code: drawCode(prefix) }, now));
            break;
          } catch (error) {
            if (!(error instanceof Conflict) || draw === DRAWS) throw error;
          }
        }
      }
      const first = codes[0]!;
      const after = {
        count: codes.length,
        prefix: prefix || null,
        points: first.points,
        premium_days: first.premium_days,
        required_points: first.required_points,
        expires_at: first.expires_at,
        premium_only: first.premium_only,
        max_uses: 1,
        codes: codes.map((coupon) => coupon.code),
      };
      const label = `${codes.length} ${first.premium_days > 0 ? 'upgrade' : 'reward'} codes${prefix ? ` ${prefix}-…` : ''}`;
      return {
        result: { count: codes.length, codes },
        audit: { action: 'coupon.create_batch', target: { type: 'coupon_batch', label }, after },
      };
    },
    now,
  );
}
