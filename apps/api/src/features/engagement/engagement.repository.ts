import { desc, eq } from 'drizzle-orm';
import { contactMessages, feedback, users, type Executor } from '@bastion/db';

/** Locks the learner's row for the rest of the transaction, serialising their feedback submissions. */
export async function lockUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

export async function lastFeedbackAt(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: feedback.createdAt })
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export async function insertFeedback(
  db: Executor,
  values: { userId: string; content: string; rating: number; createdAt: Date },
): Promise<void> {
  await db.insert(feedback).values(values);
}

export async function insertContactMessage(
  db: Executor,
  values: { name: string; email: string; subject: string; message: string; ip: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(contactMessages).values(values);
}

/** Newest feedback first, with the learner's username (operator CLI). */
export function listFeedback(db: Executor, { limit }: { limit: number }) {
  return db
    .select({
      id: feedback.id,
      username: users.username,
      rating: feedback.rating,
      content: feedback.content,
      createdAt: feedback.createdAt,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
}

/** What a contact message says, as the CLI and the console list it. */
export const contactColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
};

/** Newest contact messages first (operator CLI). */
export function listContactMessages(db: Executor, { limit }: { limit: number }) {
  return db
    .select({ ...contactColumns, ip: contactMessages.ip, createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}
