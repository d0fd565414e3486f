// Decision 0053: notifications are written in their event's transaction; one 404 for others' and unknown ids.
import {
  NOTIFICATION_TYPES,
  type NotificationItem,
  type NotificationList,
  type Paged,
  type PageQuery,
} from '@bastion/contract';
import type { Db, Executor, NotificationType } from '@bastion/db';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LearnerChanges, Loader } from '../../lib/learner-cache.ts';
import { pagedResponse, pageWindow } from '../../lib/pagination.ts';
import { audited, type Actor } from '../audit/audit.service.ts';
import * as repo from './notifications.repository.ts';

export const NOTIFICATION_MESSAGES = {
  allRead: 'You have read all notifications.',
  markedRead: 'Notification marked as read.',
} as const;

/** How many notifications `GET /api/notifications/list/` returns. */
export const NEWEST_COUNT = 10;

export interface NotifyInput {
  userId: string;
  title: string;
  message: string;
  type?: NotificationType;
  /** An in-app path such as `/profile`, or null. */
  link?: string | null;
  /** Defaults to the database's clock at the moment of the insert. */
  createdAt?: Date;
}

/** Creates one notification, inside the caller's transaction so it exists only if the event commits. */
export async function notify(tx: Executor, input: NotifyInput): Promise<void> {
  await repo.insertNotification(tx, {
    userId: input.userId,
    title: input.title,
    message: input.message,
    type: input.type ?? 'info',
    link: input.link ?? null,
    createdAt: input.createdAt,
  });
}

export const WELCOME = {
  title: 'Welcome to Bastion!',
  message: 'Your account is verified. Enroll in a course or try a challenge to earn your first points and badges.',
  link: '/courses',
} as const;

/** The welcome notification, sent once when an account becomes verified. */
export function notifyWelcome(tx: Executor, userId: string, createdAt?: Date): Promise<void> {
  return notify(tx, { userId, ...WELCOME, type: 'success', createdAt });
}

export function toNotificationItem(row: repo.NotificationRow): NotificationItem {
  return {
    uuid: row.id,
    title: row.title,
    message: row.message,
    notification_type: row.type,
    created_at: row.createdAt.toISOString(),
    is_read: row.isRead,
    link: row.link,
  };
}

export function createNotificationsService({ db, changes }: { db: Db; changes: LearnerChanges }) {
  // The menu every signed-in page polls: kept until the learner's notifications change.
  const menus = changes.cache<NotificationList>();
  const loadMenu: Loader<NotificationList> = async (userId) => {
    const { rows, unread } = await repo.newestWithUnread(db, userId, NEWEST_COUNT);
    return { notifications: rows.map(toNotificationItem), unread_count: unread, unreadCount: unread };
  };

  /** At once when the learner's menu is kept; a promise only when it must be read. */
  function newest(userId: string): NotificationList | Promise<NotificationList> {
    return menus.get(userId, userId, loadMenu);
  }

  async function page(userId: string, query: PageQuery, url: string): Promise<Paged<NotificationItem>> {
    const [rows, total] = await Promise.all([
      repo.listNotifications(db, userId, pageWindow(query)),
      repo.countNotifications(db, userId),
    ]);
    return pagedResponse(rows.map(toNotificationItem), total, query, url);
  }

  async function detail(userId: string, id: string): Promise<NotificationItem> {
    // Every id in a URL is a UUID: anything else is as unknown as a missing one.
    const row = isUuid(id) ? await repo.findOwnNotification(db, userId, id) : null;
    if (!row) throw new NotFound();
    return toNotificationItem(row);
  }

  async function markRead(userId: string, id: string): Promise<{ detail: string; unread_count: number }> {
    if (!(await repo.markRead(db, userId, id))) throw new NotFound();
    return { detail: NOTIFICATION_MESSAGES.markedRead, unread_count: await repo.countUnread(db, userId) };
  }

  async function markAllRead(userId: string): Promise<{ detail: string; unread_count: number }> {
    await repo.markAllRead(db, userId);
    return { detail: NOTIFICATION_MESSAGES.allRead, unread_count: 0 };
  }

  return { newest, page, detail, markRead, markAllRead };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export interface BroadcastInput {
  title: string;
  message: string;
  type?: string;
  /** Only this learner; otherwise every active, verified learner. */
  username?: string;
}

const TITLE_MAX = 200;
const MESSAGE_MAX = 2000;

/** The operator's `notify broadcast`: one notification per learner, in one statement. An Error explains bad input. */
export async function broadcast(
  db: Db,
  input: BroadcastInput,
  now: Date,
): Promise<{ notified: number; title: string; type: NotificationType; user: string | null }> {
  const title = input.title.trim();
  const message = input.message.trim();
  const type = (input.type ?? 'info').trim().toLowerCase();
  const problems: string[] = [];
  if (!title || title.length > TITLE_MAX) problems.push(`title: use 1 to ${TITLE_MAX} characters`);
  if (!message || message.length > MESSAGE_MAX) problems.push(`message: use 1 to ${MESSAGE_MAX} characters`);
  if (!isNotificationType(type)) problems.push('type: use info, success, warning or error');
  if (problems.length > 0) throw new BadRequest(`Cannot send the notification: ${problems.join('; ')}.`);

  const values = { title, message, type: type as NotificationType, link: null, createdAt: now };
  if (input.username === undefined) {
    return { notified: await repo.insertForUsers(db, values), title, type: values.type, user: null };
  }
  const username = input.username.trim().toLowerCase();
  const userId = await repo.findUserIdByUsername(db, username);
  if (!userId) throw new NotFound(`No user named "${input.username}".`);
  return { notified: await repo.insertForUsers(db, values, [userId]), title, type: values.type, user: username };
}

/** The CLI's and the console's broadcast, recorded in the audit log with the notifications it created. */
export function broadcastAs(db: Db, actor: Actor, input: BroadcastInput, now: Date) {
  return audited(
    db,
    actor,
    async (tx) => {
      const sent = await broadcast(tx, input, now);
      const target = sent.user ? { type: 'user', label: sent.user } : { type: 'everyone', label: 'every learner' };
      const after = { title: sent.title, type: sent.type, message: input.message.trim(), notified: sent.notified };
      return { result: sent, audit: { action: 'notification.broadcast', target, after } };
    },
    now,
  );
}

function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}
