import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { contactMessages, feedback, users, type Executor } from '@bastion/db';
import type { PageWindow } from '../../lib/pagination.ts';
import { containing } from '../../lib/contains.ts';
import { contactColumns } from './engagement.repository.ts';

export type InboxState = 'open' | 'handled' | 'all';

function state(column: typeof feedback.handledAt | typeof contactMessages.handledAt, status: InboxState) {
  return status === 'open' ? isNull(column) : status === 'handled' ? isNotNull(column) : undefined;
}

function feedbackWhere(filter: { status: InboxState; search?: string; rating?: number }): SQL | undefined {
  const pattern = filter.search ? containing(filter.search) : null;
  return and(
    state(feedback.handledAt, filter.status),
    filter.rating ? eq(feedback.rating, filter.rating) : undefined,
    pattern ? or(ilike(feedback.content, pattern), ilike(users.username, pattern)) : undefined,
  );
}

export function listFeedbackInbox(db: Executor, filter: Parameters<typeof feedbackWhere>[0], window: PageWindow) {
  return db
    .select({
      id: feedback.id,
      user_id: feedback.userId,
      username: users.username,
      rating: feedback.rating,
      content: feedback.content,
      created_at: feedback.createdAt,
      handled_at: feedback.handledAt,
      handled_by: feedback.handledBy,
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(feedbackWhere(filter))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countFeedbackInbox(db: Executor, filter: Parameters<typeof feedbackWhere>[0]) {
  const [row] = await db
    .select({ n: count() })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(feedbackWhere(filter));
  return row?.n ?? 0;
}

function contactWhere(filter: { status: InboxState; search?: string }): SQL | undefined {
  const pattern = filter.search ? containing(filter.search) : null;
  return and(
    state(contactMessages.handledAt, filter.status),
    pattern
      ? or(
          ilike(contactMessages.subject, pattern),
          ilike(contactMessages.message, pattern),
          ilike(contactMessages.email, pattern),
          ilike(contactMessages.name, pattern),
        )
      : undefined,
  );
}

export function listContactInbox(db: Executor, filter: Parameters<typeof contactWhere>[0], window: PageWindow) {
  return db
    .select({
      ...contactColumns,
      created_at: contactMessages.createdAt,
      handled_at: contactMessages.handledAt,
      handled_by: contactMessages.handledBy,
    })
    .from(contactMessages)
    .where(contactWhere(filter))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countContactInbox(db: Executor, filter: Parameters<typeof contactWhere>[0]) {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(contactWhere(filter));
  return row?.n ?? 0;
}

/** Marks an item handled once (the first staff member to do it is kept); null when there is no such item. */
export async function markHandled(
  db: Executor,
  table: 'feedback' | 'contact',
  id: string,
  by: string,
  at: Date,
): Promise<{ id: string; label: string; handledAt: Date; handledBy: string } | null> {
  const t = table === 'feedback' ? feedback : contactMessages;
  await db
    .update(t)
    .set({ handledAt: at, handledBy: by })
    .where(and(eq(t.id, id), isNull(t.handledAt)));
  const [row] =
    table === 'feedback'
      ? await db
          .select({
            id: feedback.id,
            label: users.username,
            handledAt: feedback.handledAt,
            handledBy: feedback.handledBy,
          })
          .from(feedback)
          .innerJoin(users, eq(users.id, feedback.userId))
          .where(eq(feedback.id, id))
      : await db
          .select({
            id: contactMessages.id,
            label: contactMessages.subject,
            handledAt: contactMessages.handledAt,
            handledBy: contactMessages.handledBy,
          })
          .from(contactMessages)
          .where(eq(contactMessages.id, id));
  return row ? { id: row.id, label: row.label, handledAt: row.handledAt!, handledBy: row.handledBy! } : null;
}
