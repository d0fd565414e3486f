import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { couponRedemptions, coupons, users, type Executor } from '@bastion/db';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

/** The coupon, its row locked for the rest of the transaction: redemptions of one code take turns. */
export async function lockCouponByCode(tx: Executor, code: string): Promise<CouponRow | null> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).limit(1).for('update');
  return row ?? null;
}

export async function hasRedeemed(tx: Executor, couponId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The learner's points and premium columns, or null when the account is gone. */
export async function learnerState(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      username: users.username,
      points: users.points,
      isPremium: users.isPremium,
      premiumUntil: users.premiumUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** True when this redemption is new (the unique key on coupon and learner is the last word). */
export async function insertRedemption(
  tx: Executor,
  values: { couponId: string; userId: string; points: number; redeemedAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(couponRedemptions)
    .values(values)
    .onConflictDoNothing({ target: [couponRedemptions.couponId, couponRedemptions.userId] })
    .returning({ id: couponRedemptions.id });
  return rows.length > 0;
}

export async function incrementUses(tx: Executor, couponId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(eq(coupons.id, couponId));
}

/** The learner's redemptions, newest first. */
export function listRedemptions(db: Executor, userId: string, window: { limit: number; offset: number }) {
  return db
    .select({
      code: coupons.code,
      points: couponRedemptions.points,
      premiumDays: coupons.premiumDays,
      redeemedAt: couponRedemptions.redeemedAt,
    })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.userId, userId))
    .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countRedemptions(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(couponRedemptions).where(eq(couponRedemptions.userId, userId));
  return Number(row?.total ?? 0);
}

// Operator commands.

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
  return row ?? null;
}

/** The new coupon, or null when the code is taken. */
export async function insertCoupon(db: Executor, values: NewCoupon): Promise<CouponRow | null> {
  const [row] = await db.insert(coupons).values(values).onConflictDoNothing({ target: coupons.code }).returning();
  return row ?? null;
}

export function listCoupons(db: Executor, window: { limit: number; offset: number }): Promise<CouponRow[]> {
  return db
    .select()
    .from(coupons)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCoupons(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coupons);
  return row?.n ?? 0;
}

export async function findCouponById(db: Executor, id: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row ?? null;
}

/** Who redeemed a code (the coupon-and-user unique index finds them), newest first. */
export function redemptionsOfCoupon(db: Executor, couponId: string) {
  return db
    .select({
      user_id: couponRedemptions.userId,
      username: users.username,
      points: couponRedemptions.points,
      redeemed_at: couponRedemptions.redeemedAt,
    })
    .from(couponRedemptions)
    .innerJoin(users, eq(users.id, couponRedemptions.userId))
    .where(eq(couponRedemptions.couponId, couponId))
    .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
    .limit(1000);
}

/** Sets `disabled_at` once; a disabled coupon keeps its first date. */
export async function disableCoupon(db: Executor, code: string, at: Date): Promise<CouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ disabledAt: sql`coalesce(${coupons.disabledAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(coupons.code, code))
    .returning();
  return row ?? null;
}

export async function userIdsByUsername(db: Executor, usernames: string[]): Promise<Map<string, string>> {
  if (usernames.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  return new Map(rows.map((row) => [row.username, row.id]));
}

export async function usernamesById(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.username]));
}
