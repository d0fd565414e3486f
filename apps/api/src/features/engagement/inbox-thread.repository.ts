import { asc, eq } from 'drizzle-orm';
import { contactMessages, feedback, inboxEntries, users, type Executor } from '@bastion/db';

export type InboxTable = 'feedback' | 'contact';

/** An inbox item as a reply needs it: whom it came from, what it said, and the audit log's type and label. */
export interface InboxItem {
  id: string;
  type: 'feedback' | 'contact_message';
  label: string;
  /** The sender's address as stored: a contact message's, or the learner's account's. */
  address: string;
  subject: string | null;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
}

export async function findInboxItem(db: Executor, table: InboxTable, id: string): Promise<InboxItem | null> {
  if (table === 'feedback') {
    const [row] = await db
      .select({
        id: feedback.id,
        label: users.username,
        address: users.email,
        message: feedback.content,
        createdAt: feedback.createdAt,
        handledAt: feedback.handledAt,
      })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id));
    return row ? { ...row, type: 'feedback', subject: null } : null;
  }
  const [row] = await db
    .select({
      id: contactMessages.id,
      label: contactMessages.subject,
      address: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row ? { ...row, type: 'contact_message' } : null;
}

const itemColumn = (table: InboxTable) =>
  table === 'feedback' ? inboxEntries.feedbackId : inboxEntries.contactMessageId;

export function listInboxEntries(db: Executor, table: InboxTable, id: string) {
  return db
    .select()
    .from(inboxEntries)
    .where(eq(itemColumn(table), id))
    .orderBy(asc(inboxEntries.createdAt), asc(inboxEntries.id));
}

export type InboxEntryRow = typeof inboxEntries.$inferSelect;

export async function insertInboxEntry(
  db: Executor,
  table: InboxTable,
  id: string,
  values: Pick<InboxEntryRow, 'kind' | 'authorId' | 'authorName' | 'text' | 'mailedTo' | 'createdAt'>,
): Promise<InboxEntryRow> {
  const [row] = await db
    .insert(inboxEntries)
    .values({ ...values, ...(table === 'feedback' ? { feedbackId: id } : { contactMessageId: id }) })
    .returning();
  return row!;
}
