import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { loginTickets, type Executor } from '@bastion/db';

export type LoginTicketRow = typeof loginTickets.$inferSelect;

export async function insertTicket(db: Executor, values: typeof loginTickets.$inferInsert): Promise<void> {
  await db.insert(loginTickets).values(values);
}

/** Forgets the learner's used and expired tickets, so the table holds only what can still be redeemed. */
export async function deleteSpentTickets(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .delete(loginTickets)
    .where(and(eq(loginTickets.userId, userId), or(lte(loginTickets.expiresAt, now), isNotNull(loginTickets.usedAt))));
}

export async function findTicket(db: Executor, id: string): Promise<LoginTicketRow | null> {
  const [row] = await db.select().from(loginTickets).where(eq(loginTickets.id, id)).limit(1);
  return row ?? null;
}

/** The ticket, locked so parallel redemptions of it take turns. */
export async function lockTicket(db: Executor, id: string): Promise<LoginTicketRow | null> {
  const [row] = await db.select().from(loginTickets).where(eq(loginTickets.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function markTicketUsed(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(loginTickets).set({ usedAt: now }).where(eq(loginTickets.id, id));
}

export async function countWrongCode(db: Executor, id: string): Promise<void> {
  await db
    .update(loginTickets)
    .set({ failedAttempts: sql`${loginTickets.failedAttempts} + 1` })
    .where(eq(loginTickets.id, id));
}
