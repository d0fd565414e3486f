import {
  COUPON_CODE_PATTERN,
  COUPON_LIMITS,
  type CouponRedemptionRow,
  type CouponSummary,
  type Paged,
  type PageQuery,
} from '@bastion/contract';
import type { Db } from '@bastion/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { audited, type Actor } from '../audit/audit.service.ts';
import * as repo from './coupons.repository.ts';

/** Operator commands (CLI and demo seed): plain JSON out, an Error with a clear message on failure. */

export type { CouponSummary };

export interface CreateCouponInput {
  code: string;
  points: number;
  requiredPoints?: number;
  /** ISO 8601: a date (`2026-12-31`, valid to the end of that day, UTC) or a date and time with a zone. */
  expires?: string;
  maxUses?: number;
  premiumOnly?: boolean;
  /** An upgrade code: the premium days it grants; its points may then be 0. */
  premiumDays?: number;
  usernames?: string[];
}

const {
  points: MAX_POINTS,
  premiumDays: MAX_PREMIUM_DAYS,
  requiredPoints: MAX_REQUIRED,
  maxUses: MAX_USES,
} = COUPON_LIMITS;

async function summaries(db: Db, rows: repo.CouponRow[]): Promise<CouponSummary[]> {
  const names = await repo.usernamesById(db, [...new Set(rows.flatMap((row) => row.allowedUserIds ?? []))]);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    points: row.points,
    required_points: row.requiredPoints,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    premium_only: row.premiumOnly,
    premium_days: row.premiumDays,
    users: row.allowedUserIds ? row.allowedUserIds.map((id) => names.get(id) ?? id) : null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Strict ISO 8601: `Date` alone would turn 2026-02-30 into 2 March. */
export function parseExpiry(text: string): Date | null {
  const value = text.trim();
  const match = DATE.exec(value) ?? DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  if (match.length === 4) return new Date(Date.UTC(year, month - 1, day + 1) - 1);
  const [hours, minutes, seconds] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

function wholeNumber(value: number | undefined, min: number, max: number): boolean {
  return value === undefined || (Number.isInteger(value) && value >= min && value <= max);
}

export async function createCoupon(db: Db, input: CreateCouponInput, now: Date): Promise<CouponSummary> {
  const code = input.code.trim().toUpperCase();
  const problems: string[] = [];
  if (!COUPON_CODE_PATTERN.test(code)) problems.push('code: use 3 to 32 characters: letters, digits, - or _');
  if (!wholeNumber(input.premiumDays, 1, MAX_PREMIUM_DAYS)) {
    problems.push(`premium-days: use a whole number from 1 to ${MAX_PREMIUM_DAYS}`);
  }
  const minPoints = input.premiumDays === undefined ? 1 : 0;
  if (!wholeNumber(input.points, minPoints, MAX_POINTS)) {
    problems.push(`points: use a whole number from ${minPoints} to ${MAX_POINTS}`);
  }
  if (!wholeNumber(input.requiredPoints, 0, MAX_REQUIRED)) {
    problems.push(`required-points: use a whole number from 0 to ${MAX_REQUIRED}`);
  }
  if (!wholeNumber(input.maxUses, 1, MAX_USES)) problems.push(`max-uses: use a whole number from 1 to ${MAX_USES}`);
  let expiresAt: Date | null = null;
  if (input.expires !== undefined) {
    expiresAt = parseExpiry(input.expires);
    if (!expiresAt) problems.push('expires: use an ISO 8601 date such as 2026-12-31 or 2026-12-31T18:00:00Z');
    else if (expiresAt.getTime() <= now.getTime()) problems.push('expires: that moment has already passed');
  }
  const usernames = [...new Set((input.usernames ?? []).map((name) => name.trim().toLowerCase()))];
  const ids = await repo.userIdsByUsername(db, usernames);
  for (const name of usernames) if (!ids.has(name)) problems.push(`user: no user named "${name}"`);
  if (problems.length > 0) throw new BadRequest(`Cannot create the reward code: ${problems.join('; ')}.`);

  const row = await repo.insertCoupon(db, {
    code,
    points: input.points,
    requiredPoints: input.requiredPoints ?? 0,
    expiresAt,
    maxUses: input.maxUses ?? null,
    premiumOnly: input.premiumOnly ?? false,
    premiumDays: input.premiumDays ?? 0,
    allowedUserIds: usernames.length > 0 ? usernames.map((name) => ids.get(name)!) : null,
    createdAt: now,
  });
  if (!row) throw new Conflict(`Cannot create the reward code: "${code}" already exists.`);
  return (await summaries(db, [row]))[0]!;
}

export async function listCoupons(db: Db, { limit }: { limit: number }): Promise<CouponSummary[]> {
  return summaries(db, await repo.listCoupons(db, { limit, offset: 0 }));
}

/** The console's list: newest first, paged, with uses. */
export async function couponPage(db: Db, query: PageQuery, url: string): Promise<Paged<CouponSummary>> {
  const [rows, total] = await Promise.all([repo.listCoupons(db, pageWindow(query)), repo.countCoupons(db)]);
  return pagedResponse(await summaries(db, rows), total, query, url);
}

/** The code with this id (a console address), or 404. */
export async function couponById(db: Db, id: string): Promise<CouponSummary> {
  const row = isUuid(id) ? await repo.findCouponById(db, id) : null;
  if (!row) throw new NotFound();
  return (await summaries(db, [row]))[0]!;
}

/** Who redeemed the code, newest first. */
export async function couponRedeemers(db: Db, id: string): Promise<CouponRedemptionRow[]> {
  const coupon = await couponById(db, id);
  const rows = await repo.redemptionsOfCoupon(db, coupon.id);
  return rows.map((row) => ({ ...row, redeemed_at: row.redeemed_at.toISOString() }));
}

/** Disabled codes answer 404 to learners; disabling twice keeps the first date. */
export async function disableCoupon(db: Db, rawCode: string, now: Date): Promise<CouponSummary> {
  const code = rawCode.trim().toUpperCase();
  const row = await repo.disableCoupon(db, code, now);
  if (!row) throw new NotFound(`No reward code "${code}".`);
  return (await summaries(db, [row]))[0]!;
}

/** Runs a reward-code change and records it in the audit log with what `after` picks of the result. */
function couponChange(
  db: Db,
  actor: Actor,
  now: Date,
  action: string,
  run: (tx: Db) => Promise<CouponSummary>,
  after: (coupon: CouponSummary) => Record<string, unknown>,
): Promise<CouponSummary> {
  return audited(
    db,
    actor,
    async (tx) => {
      const coupon = await run(tx);
      const target = { type: 'coupon', id: coupon.id, label: coupon.code };
      return { result: coupon, audit: { action, target, after: after(coupon) } };
    },
    now,
  );
}

/** The CLI's and the console's reward-code actions, each recorded in the audit log with the change. */
export const couponActions = {
  create: (db: Db, actor: Actor, input: CreateCouponInput, now: Date) =>
    couponChange(
      db,
      actor,
      now,
      'coupon.create',
      (tx) => createCoupon(tx, input, now),
      ({ id: _id, uses: _uses, created_at: _created, ...rules }) => rules,
    ),
  disable: (db: Db, actor: Actor, code: string, now: Date) =>
    couponChange(
      db,
      actor,
      now,
      'coupon.disable',
      (tx) => disableCoupon(tx, code, now),
      (coupon) => ({ disabled_at: coupon.disabled_at }),
    ),
};

/** The demo reward codes (SEED_DEMO): created once, never changed afterwards (an operator may disable them). */
export const DEMO_COUPONS = [
  { code: 'WELCOME50', points: 50, requiredPoints: 0, premiumOnly: false },
  { code: 'LEVELUP100', points: 100, requiredPoints: 100, premiumOnly: false },
  { code: 'PREMIUM200', points: 200, requiredPoints: 0, premiumOnly: true },
] as const;

export async function seedDemoCoupons(db: Db): Promise<string[]> {
  for (const coupon of DEMO_COUPONS) await repo.insertCoupon(db, { ...coupon });
  return DEMO_COUPONS.map((coupon) => coupon.code);
}
