import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users, type Executor } from '@bastion/db';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** Usernames never contain `@`, so one text finds by either. */
export function findUserByLogin(db: Executor, usernameOrEmail: string): Promise<UserRow | null> {
  return usernameOrEmail.includes('@') ? findUserByEmail(db, usernameOrEmail) : findUserByUsername(db, usernameOrEmail);
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** Updates only if the password is still `currentHash`: of two racing uses of one reset link, one wins. */
export async function updatePasswordIfUnchanged(
  db: Executor,
  id: string,
  currentHash: string,
  values: Partial<NewUser>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), eq(users.passwordHash, currentHash)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Records the use of an unlock link, if no other use got there first (`seen` is the value the link was checked against). */
export async function markLoginUnlocked(db: Executor, id: string, seen: Date | null, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ loginUnlockedAt: now })
    .where(and(eq(users.id, id), seen ? eq(users.loginUnlockedAt, seen) : isNull(users.loginUnlockedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function markVerified(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isVerified: true })
    .where(and(eq(users.id, id), eq(users.isVerified, false)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The unique index a failed insert ran into, if that is why it failed. */
export function violatedUniqueIndex(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? /"([^"]+)"/.exec(message ?? '')?.[1] ?? 'unknown';
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return null;
}

/** The other active owners (staff accounts with is_owner), locked until the change commits: how many there are. */
export async function lockOtherActiveOwners(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isOwner, true), eq(users.isStaff, true), eq(users.isActive, true), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/** Locks the other active staff accounts and answers how many there are (two demotions racing see each other). */
export async function lockOtherActiveStaff(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isStaff, true), eq(users.isActive, true), ne(users.id, userId)))
    .for('update');
  return rows.length;
}

/**
 * Revokes every live session of a user, except `keep` (a new password, a disabled account, two-factor sign-in
 * turned on or reset); answers how many it revoked.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  at: Date,
  reason: string,
  keep?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}
