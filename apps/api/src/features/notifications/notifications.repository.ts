import { and, count, desc, eq, sql } from 'drizzle-orm';
import { notifications, rowsOf, users, type Executor, type NotificationType } from '@bastion/db';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  link: string | null;
  createdAt?: Date;
}

export async function insertNotification(db: Executor, values: NewNotification): Promise<void> {
  // Without an explicit time, clock_timestamp() keeps the notifications of one transaction in order.
  await db.insert(notifications).values({ ...values, createdAt: values.createdAt ?? sql`clock_timestamp()` });
}

/** One notification for every active learner (or only `userIds`), in one statement. Returns how many. */
export async function insertForUsers(
  db: Executor,
  values: Omit<NewNotification, 'userId'>,
  userIds?: string[],
): Promise<number> {
  const createdAt = values.createdAt ?? new Date();
  const filter = userIds
    ? sql`${users.id} = any(${sql.param(userIds)}::uuid[])`
    : sql`${users.isActive} and ${users.isVerified}`;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`
    with inserted as (
      insert into ${notifications} (user_id, title, message, type, link, created_at)
      select ${users.id}, ${values.title}, ${values.message}, ${values.type}, ${values.link}, ${createdAt}
      from ${users} where ${filter}
      returning 1)
    select count(*)::int as n from inserted`,
  );
  return Number(row?.n ?? 0);
}

export async function findUserIdByUsername(db: Executor, username: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row?.id ?? null;
}

const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];

export function listNotifications(db: Executor, userId: string, window: { limit: number; offset: number }) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * The newest notifications and the unread count in one statement (one round trip for the most polled
 * call): the count rides on every row as an uncorrelated subquery, evaluated once. No rows means no
 * notifications, so nothing is unread.
 */
export async function newestWithUnread(
  db: Executor,
  userId: string,
  limit: number,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  const unread = sql<number>`(select count(*)::int from notifications u where u.user_id = ${userId}::uuid and not u.is_read)`;
  const result = await db
    .select({ row: notifications, unread })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(...newestFirst)
    .limit(limit);
  return { rows: result.map((entry) => entry.row), unread: Number(result[0]?.unread ?? 0) };
}

export async function countNotifications(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId));
  return row?.n ?? 0;
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** The learner's own notification; another learner's is as absent as an unknown one. */
export async function findOwnNotification(db: Executor, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Marks one of the learner's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
