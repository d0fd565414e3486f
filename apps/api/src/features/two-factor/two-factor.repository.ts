import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { sessions, twoFactor, twoFactorRecoveryCodes, type Executor } from '@bastion/db';

export type TwoFactorRow = typeof twoFactor.$inferSelect;

export async function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row ?? null;
}

export async function isTwoFactorEnabled(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.secret)))
    .limit(1);
  return row !== undefined;
}

/** Keeps a new pending key, replacing any earlier one; refused (false) while two-factor sign-in is on. */
export async function savePendingKey(db: Executor, userId: string, sealed: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(twoFactor)
    .values({ userId, pendingSecret: sealed, updatedAt: now })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { pendingSecret: sealed, updatedAt: now },
      setWhere: isNull(twoFactor.secret),
    })
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/** Makes the pending key the key, if it is still the one that was checked (of two racing confirmations, one wins). */
export async function enable(db: Executor, userId: string, pending: string, step: number, now: Date) {
  const rows = await db
    .update(twoFactor)
    .set({ secret: pending, pendingSecret: null, enabledAt: now, lastUsedStep: step, updatedAt: now })
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.pendingSecret, pending), isNull(twoFactor.secret)))
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

/** Records `step` as used if it is later than every step used before: false is a replayed code. */
export async function acceptStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        isNotNull(twoFactor.secret),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function disable(db: Executor, userId: string): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Marks the unused code with this hash used: true for exactly one of any number of racing uses. */
export async function consumeRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Records that a live session has passed a second factor (the session that turned two-factor sign-in on). */
export async function markSecondFactor(db: Executor, sessionId: string, factor: 'totp' | 'recovery'): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactor: factor })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
